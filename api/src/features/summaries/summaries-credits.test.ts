import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCreditMovements } from '../../test/credit-ledger';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { createBarrier, createFakeSummarizer } from '../../test/fake-summarizer';
import type { FakeSummarizer } from '../../test/fake-summarizer';

/*
 * Credits under concurrency, on whichever database the suite runs against (PGlite by default,
 * Postgres with TEST_DATABASE_URL). Every request passes the up-front check of the balance read
 * with its user; since issue 24 (item 7) each then reserves its credit in the database before
 * the summarizer is called, so only as many requests as there are credits reach it (they are
 * held there until all of them are), the rest are refused with 402 before any work, and the
 * conditional UPDATE in the storing transaction still keeps the balance right.
 */

const TEXT =
  'A lighthouse keeper logs the weather every hour. Storms arrive from the west in autumn. ' +
  'Supply boats come on Fridays when the sea allows, bringing oil, letters and news.';

let t: TestApp;
let fake: FakeSummarizer;

beforeAll(async () => {
  fake = createFakeSummarizer();
  t = await createTestApp({ deps: { summarizer: fake } });
});

afterAll(async () => {
  await t.destroy();
});

describe('credits under concurrent requests', () => {
  it(`20 concurrent creates with 5 credits: exactly 5 summaries, 15 × 402, balance 0`, async () => {
    const { user, token } = await t.createUser({ credits: 5 });
    const requests = 20;
    const arrive = createBarrier(5);
    fake.calls.length = 0;
    fake.beforeAnswer = () => arrive();

    const responses = await Promise.all(
      Array.from({ length: requests }, () =>
        t.request('/api/summaries', { method: 'POST', token, json: { content: TEXT } }),
      ),
    );
    fake.beforeAnswer = null;

    // Every request passed the up-front check, but only the 5 that reserved a credit reached
    // the summarizer (issue 24, item 7: until then all 20 did).
    expect(fake.calls).toHaveLength(5);
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 402)).toHaveLength(15);
    const credited = await Promise.all(
      responses
        .filter((res) => res.status === 201)
        .map(async (res) => {
          const body = (await res.json()) as { data: { updatedCredits: number } };
          return body.data.updatedCredits;
        }),
    );
    expect(credited.sort()).toEqual([0, 1, 2, 3, 4]);
    for (const res of responses.filter((response) => response.status === 402)) {
      expect(await res.json()).toEqual({
        success: false,
        code: 'INSUFFICIENT_CREDITS',
        message: 'Insufficient credits. Please contact support to recharge your account.',
      });
    }

    const balance = await t.db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(balance.credits).toBe(0);
    const summaries = await t.db
      .selectFrom('summaries')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(summaries).toHaveLength(5);
    const ledger = await listCreditMovements(t.db, user.id);
    expect(ledger.map((row) => row.reason)).toEqual([
      'signup',
      'summary',
      'summary',
      'summary',
      'summary',
      'summary',
    ]);
    expect(
      ledger
        .filter((row) => row.reason === 'summary')
        .map((row) => row.balance_after)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(ledger.map((row) => row.summary_id).filter((id) => id !== null))).toEqual(
      new Set(summaries.map((summary) => summary.id)),
    );
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
  });

  it('two users racing do not touch each other’s balance', async () => {
    const first = await t.createUser({ credits: 2 });
    const second = await t.createUser({ credits: 3 });
    // 2 + 3 reservations reach the summarizer, the other 5 requests are refused before it.
    const arrive = createBarrier(5);
    fake.beforeAnswer = () => arrive();
    const responses = await Promise.all(
      [first, second].flatMap((account) =>
        Array.from({ length: 5 }, () =>
          t.request('/api/summaries', {
            method: 'POST',
            token: account.token,
            json: { content: TEXT },
          }),
        ),
      ),
    );
    fake.beforeAnswer = null;
    const created = responses.filter((res) => res.status === 201).length;
    expect(created).toBe(5);
    for (const [account, expected] of [
      [first, 2],
      [second, 3],
    ] as const) {
      const rows = await t.db
        .selectFrom('summaries')
        .select('id')
        .where('user_id', '=', account.user.id)
        .execute();
      expect(rows).toHaveLength(expected);
    }
  });
});
