import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  HASHING_BUSY_MESSAGE,
  PASSWORD_HASH_COST,
  createPasswordHashing,
} from './password-hashing';
import { hashPassword } from './password';

const COST = 4;

/** A slot holder that finishes when told to. */
function held() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('bounded password hashing', () => {
  it('runs `concurrency` at once, queues `queueLimit`, refuses the rest at once with 503', async () => {
    const hashing = createPasswordHashing(
      {
        concurrency: 1,
        queueLimit: 2,
        maxWaitMs: 5_000,
      },
      COST,
    );
    const order: number[] = [];
    const gates = [held(), held(), held()];
    const runs = gates.map((gate, index) =>
      hashing.run(async () => {
        order.push(index);
        await gate.done;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(hashing.stats()).toEqual({ active: 1, queued: 2, rejected: 0 });

    const refused = await hashing
      .run(() => Promise.resolve('never'))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: HASHING_BUSY_MESSAGE,
      headers: { 'Retry-After': '2' },
    });
    expect(hashing.stats().rejected).toBe(1);

    for (const gate of gates) gate.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    // First come, first served; the slot passes straight to the next in line.
    expect(order).toEqual([0, 1, 2]);
    expect(hashing.stats()).toEqual({ active: 0, queued: 0, rejected: 1 });
  });

  it('refuses a caller that waited longer than maxWaitMs', async () => {
    const hashing = createPasswordHashing({ concurrency: 1, queueLimit: 5, maxWaitMs: 50 }, COST);
    const gate = held();
    const first = hashing.run(() => gate.done);
    const waited = await hashing.run(() => Promise.resolve()).catch((error: unknown) => error);
    expect(waited).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(hashing.stats()).toMatchObject({ active: 1, queued: 0 });
    gate.finish();
    await first;
    expect(hashing.stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it('frees the slot when the work fails', async () => {
    const hashing = createPasswordHashing({ concurrency: 1, queueLimit: 0, maxWaitMs: 50 }, COST);
    await expect(hashing.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await hashing.run(() => Promise.resolve('again'))).toBe('again');
  });

  it('hashes and verifies in a slot, a missing account against a dummy hash', async () => {
    const hashing = createPasswordHashing(
      {
        concurrency: 2,
        queueLimit: 2,
        maxWaitMs: 1_000,
      },
      COST,
    );
    const stored = await hashing.run((hasher) => hasher.hash('secret1'));
    expect(await hashing.run((hasher) => hasher.verify('secret1', stored))).toBe(true);
    expect(await hashing.run((hasher) => hasher.verify('secret2', stored))).toBe(false);
    expect(await hashing.run((hasher) => hasher.verify('secret1', null))).toBe(false);
    expect(hashing.needsRehash(stored)).toBe(false);
    expect(hashing.needsRehash(await hashPassword('secret1', COST + 1))).toBe(true);
  });

  it('hashes at the production cost unless told otherwise', async () => {
    const limits = { concurrency: 1, queueLimit: 0, maxWaitMs: 50 };
    const production = createPasswordHashing(limits);
    expect(PASSWORD_HASH_COST).toBe(17);
    expect(production.needsRehash(await hashPassword('secret1', PASSWORD_HASH_COST))).toBe(false);
    expect(production.needsRehash(await hashPassword('secret1', COST))).toBe(true);
  });

  it('hashes outside the slots for seeding, even when every slot is taken', async () => {
    const hashing = createPasswordHashing({ concurrency: 1, queueLimit: 0, maxWaitMs: 50 }, COST);
    const gate = held();
    const holder = hashing.run(() => gate.done);
    const stored = await hashing.hashOutsideSlots('seeded1');
    expect(stored.startsWith(`scrypt$${COST}$`)).toBe(true);
    expect(hashing.stats()).toMatchObject({ active: 1, rejected: 0 });
    gate.finish();
    await holder;
    expect(await hashing.run((hasher) => hasher.verify('seeded1', stored))).toBe(true);
  });
});
