import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores a self-describing scrypt string with a 16-byte salt and a 32-byte hash', async () => {
    const stored = await hashPassword('hunter22', 10);
    const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split('$');
    expect([scheme, cost, blockSize, parallelism]).toEqual(['scrypt', '10', '8', '1']);
    expect(Buffer.from(salt as string, 'base64url')).toHaveLength(16);
    expect(Buffer.from(hash as string, 'base64url')).toHaveLength(32);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('hunter22', 10);
    expect(await verifyPassword('hunter22', stored)).toBe(true);
    expect(await verifyPassword('hunter23', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash, so one password gives different strings', async () => {
    const [first, second] = await Promise.all([hashPassword('same', 10), hashPassword('same', 10)]);
    expect(first).not.toBe(second);
  });

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-pass', 10);
    expect(await verifyPassword('cafe\u0301-pass', stored)).toBe(true);
  });

  it('uses the production parameters, N = 2^17, r = 8, p = 1, within the memory cap', async () => {
    const stored = await hashPassword('production cost', 17);
    expect(stored.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('production cost', stored)).toBe(true);
  });

  it('verifies with the parameters stored in the hash, whatever today’s cost', async () => {
    const old = await hashPassword('kept', 4);
    expect(await verifyPassword('kept', old)).toBe(true);
    expect(needsRehash(old, 10)).toBe(true);
    expect(needsRehash(await hashPassword('kept', 10), 10)).toBe(false);
  });

  it.each([
    'plain-text-password',
    'bcrypt$10$8$1$c2FsdA$aGFzaA',
    'scrypt$99$8$1$c2FsdA$aGFzaA',
    'scrypt$10$8$1$$aGFzaA',
    'scrypt$ten$8$1$c2FsdA$aGFzaA',
  ])('never matches a malformed stored hash (%s)', async (stored) => {
    expect(await verifyPassword('plain-text-password', stored)).toBe(false);
    expect(needsRehash(stored, 10)).toBe(true);
  });

  it('refuses an out-of-range cost when hashing', async () => {
    await expect(hashPassword('x', 0)).rejects.toThrow(RangeError);
    await expect(hashPassword('x', 21)).rejects.toThrow(RangeError);
  });

  it('makes one dummy hash per cost, which no password is known to match', async () => {
    const first = await dummyPasswordHash(10);
    expect(await dummyPasswordHash(10)).toBe(first);
    expect(first.startsWith('scrypt$10$8$1$')).toBe(true);
    expect(await verifyPassword('', first)).toBe(false);
  });
});
