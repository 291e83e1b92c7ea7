// Apart from LocalWallet.ts so the shell can name the Local wallet without loading its crypto.
export const LOCAL_WALLET_NAME = 'Local wallet';
