export { createKeyStore, KEY_ROLES, type KeyRole, type KeyStore } from './keyStore';
export { KeyDecryptionError } from './crypto';
export { SECRET_FILE_NAME } from './secret';
