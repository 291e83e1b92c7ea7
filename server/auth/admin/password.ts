import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

// How many scrypt verifications ran: the costly step, so tests can prove that a refused
// attempt does the same work (none) whether or not its username exists.
let passwordChecks = 0;
export function passwordChecksRun(): number {
  return passwordChecks;
}

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** "scrypt$N$r$p$salt$hash" (base64): the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, KEY_LENGTH, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (!N || !r || !p || expected.length === 0) return false;
  passwordChecks += 1;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

// Verifying against this when the username is unknown keeps the answer time the same,
// so response timing does not reveal which usernames exist. Made right after start-up: made
// on first use, the first unknown username would cost two derivations and stand out; made
// while the server loads, its scrypt would take CPU the start is waiting for.
const DUMMY_HASH_DELAY_MS = 3000;
let dummyHash: Promise<string> | undefined;
const theDummyHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
setTimeout(theDummyHash, DUMMY_HASH_DELAY_MS).unref();
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, await theDummyHash());
}
