import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/*
 * Password hashes are self-describing strings, `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`
 * (salt and hash in base64url), so the cost can be raised later: a login whose stored
 * parameters differ from the current ones is re-hashed (see `needsRehash`).
 */

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';

/** Lowest and highest log2 N accepted, so a corrupt stored hash cannot ask for absurd memory. */
const MIN_COST = 1;
const MAX_COST = 20;

interface ScryptParameters {
  cost: number;
  blockSize: number;
  parallelism: number;
  salt: Buffer;
  hash: Buffer;
}

function derive(
  password: string,
  salt: Buffer,
  cost: number,
  r: number,
  p: number,
): Promise<Buffer> {
  const N = 2 ** cost;
  // scrypt needs 128 * N * r bytes (128 MiB at N=2^17, r=8); Node's default cap is 32 MiB.
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r * p };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function parse(stored: string): ScryptParameters | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [, costText, blockText, parallelText, saltText, hashText] = parts;
  const cost = Number(costText);
  const blockSize = Number(blockText);
  const parallelism = Number(parallelText);
  if (!Number.isInteger(cost) || cost < MIN_COST || cost > MAX_COST) return null;
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize > 32) return null;
  if (!Number.isInteger(parallelism) || parallelism < 1 || parallelism > 16) return null;
  const salt = Buffer.from(saltText ?? '', 'base64url');
  const hash = Buffer.from(hashText ?? '', 'base64url');
  if (salt.length === 0 || hash.length === 0) return null;
  return { cost, blockSize, parallelism, salt, hash };
}

/**
 * Hashes a password with scrypt (N = 2^cost, r = 8, p = 1) and a fresh 16-byte salt.
 * Runs on the libuv pool, so the event loop stays free.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  if (!Number.isInteger(cost) || cost < MIN_COST || cost > MAX_COST) {
    throw new RangeError(`scrypt cost must be an integer from ${MIN_COST} to ${MAX_COST}`);
  }
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, cost, BLOCK_SIZE, PARALLELISM);
  return [
    PREFIX,
    cost,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/** True when `password` matches `stored`; compares in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parameters = parse(stored);
  if (!parameters) return false;
  const { cost, blockSize, parallelism, salt, hash } = parameters;
  const candidate = await derive(password, salt, cost, blockSize, parallelism);
  return candidate.length === hash.length && timingSafeEqual(candidate, hash);
}

/** True when `stored` was made with other parameters than today's, so it should be re-hashed. */
export function needsRehash(stored: string, cost: number): boolean {
  const parameters = parse(stored);
  return (
    !parameters ||
    parameters.cost !== cost ||
    parameters.blockSize !== BLOCK_SIZE ||
    parameters.parallelism !== PARALLELISM ||
    parameters.hash.length !== KEY_BYTES
  );
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at `cost`, made once per cost. Verifying against it when an
 * email is unknown makes that answer take as long as a wrong password for a real account.
 * (A cache of a constant: it holds no state that differs between processes.)
 */
export function dummyPasswordHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(18).toString('base64url'), cost);
    hash.catch(() => dummyHashes.delete(cost));
    dummyHashes.set(cost, hash);
  }
  return hash;
}
