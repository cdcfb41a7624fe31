import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  HASHING_BUSY_MESSAGE,
  HashingBusyError,
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

describe('a fair hashing line (issue 24)', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);

  it('admits while the estimated wait fits the budget at the measured slot time, not by count', async () => {
    const hashing = createPasswordHashing(
      { concurrency: 1, queueLimit: 1_000, maxWaitMs: 60_000, waitBudgetMs: 1_000 },
      COST,
    );
    // One slot held for about 100 ms: the measured time of a slot.
    await hashing.run(() => sleep(100));
    const gate = held();
    const holder = hashing.run(() => gate.done);
    // About 10 fit in a second at 100 ms each (fewer if the machine made the first slower).
    const line = Array.from({ length: 30 }, () => refusal(hashing.run(() => Promise.resolve())));
    await new Promise((resolve) => setImmediate(resolve));
    const { queued } = hashing.stats();
    expect(queued).toBeGreaterThanOrEqual(3);
    expect(queued).toBeLessThanOrEqual(10);
    expect(hashing.estimatedWaitMs()).toBeGreaterThan(1_000 - 1_000 / queued);
    gate.finish();
    await holder;
    const answers = await Promise.all(line);
    const refused = answers.filter((answer) => answer instanceof HashingBusyError);
    expect(refused).toHaveLength(30 - queued);
    expect(refused[0]).toMatchObject({ status: 503, headers: { 'Retry-After': '2' } });
  });

  it('lines up a burst of 30 when 30 fit in the budget at the measured slot time', async () => {
    const hashing = createPasswordHashing(
      { concurrency: 1, queueLimit: 1_000, maxWaitMs: 60_000, waitBudgetMs: 5_000 },
      COST,
    );
    await hashing.run(() => sleep(20));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        refusal(hashing.run(() => sleep(20).then(() => index), `192.0.2.${index}`)),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 30 }, (_, index) => index));
    expect(hashing.stats()).toMatchObject({ active: 0, queued: 0, rejected: 0 });
  });

  it('lets one client hold at most `perClient` slots, running and waiting; others still get in', async () => {
    const hashing = createPasswordHashing(
      { concurrency: 1, queueLimit: 100, maxWaitMs: 60_000, waitBudgetMs: 60_000, perClient: 3 },
      COST,
    );
    const gates = [held(), held(), held()];
    const flood = gates.map((gate) => hashing.run(() => gate.done, '198.51.100.66'));
    const shed = await refusal(hashing.run(() => Promise.resolve(), '198.51.100.66'));
    expect(shed).toBeInstanceOf(HashingBusyError);
    const other = hashing.run(() => Promise.resolve('other'), '203.0.113.7');
    expect(hashing.stats()).toMatchObject({ active: 1, queued: 3, rejected: 1 });
    for (const gate of gates) gate.finish();
    await Promise.all(flood);
    expect(await other).toBe('other');
    // Its slots given back, the client may queue again.
    expect(await hashing.run(() => Promise.resolve('again'), '198.51.100.66')).toBe('again');
  });

  it("puts a newcomer ahead of a client's second waiter (a client's first turn before another's second)", async () => {
    const hashing = createPasswordHashing(
      { concurrency: 1, queueLimit: 100, maxWaitMs: 60_000, waitBudgetMs: 60_000, perClient: 3 },
      COST,
    );
    const order: string[] = [];
    const gate = held();
    const flood = [
      hashing.run(() => gate.done.then(() => order.push('flood-1')), 'flood'),
      hashing.run(() => Promise.resolve(order.push('flood-2')), 'flood'),
      hashing.run(() => Promise.resolve(order.push('flood-3')), 'flood'),
    ];
    const victim = hashing.run(() => Promise.resolve(order.push('victim')), 'victim');
    gate.finish();
    await Promise.all([...flood, victim]);
    expect(order).toEqual(['flood-1', 'victim', 'flood-2', 'flood-3']);
  });

  it('gives a client its share back when its wait times out', async () => {
    const hashing = createPasswordHashing(
      { concurrency: 1, queueLimit: 100, maxWaitMs: 30, waitBudgetMs: 60_000, perClient: 2 },
      COST,
    );
    const gate = held();
    const holder = hashing.run(() => gate.done, 'a');
    expect(await refusal(hashing.run(() => Promise.resolve(), 'a'))).toBeInstanceOf(
      HashingBusyError,
    );
    gate.finish();
    await holder;
    expect(await hashing.run(() => Promise.resolve('ok'), 'a')).toBe('ok');
    expect(await hashing.run(() => Promise.resolve('ok'), 'a')).toBe('ok');
  });
});
