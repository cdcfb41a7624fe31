import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryDto } from '../../domain/summary-response';
import type { Envelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import { STRUCTURED_ABSTRACT } from '../../test/reader-documents';

/*
 * API.md round 3 `promptApplied`, with the app's own summarizer (the local one: test configs
 * set no Gemini key): null without a prompt, false for one it could not act on, true for one
 * it did; stored with each version, so a restore brings back what the version said.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.destroy();
});

async function summaryOf(res: Response): Promise<SummaryDto> {
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

function create(user: TestUser, customPrompt: string | null): Promise<Response> {
  return t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content: STRUCTURED_ABSTRACT, ...(customPrompt === null ? {} : { customPrompt }) },
  });
}

async function fetchSummary(user: TestUser, id: string): Promise<SummaryDto> {
  return summaryOf(await t.request(`/api/summaries/${id}`, { token: user.token }));
}

describe('promptApplied', () => {
  it('is null without a prompt, false for a rewrite, true for a focus the text has', async () => {
    const user = await t.createUser({ credits: 5 });
    const plain = await summaryOf(await create(user, null));
    expect(plain.promptApplied).toBeNull();

    const french = await summaryOf(await create(user, 'Translate it into French'));
    expect(french.isFallback).toBe(true);
    expect(french.promptApplied).toBe(false);
    expect((await fetchSummary(user, french.id)).promptApplied).toBe(false);

    const focused = await summaryOf(await create(user, 'Focus on adherence'));
    expect(focused.promptApplied).toBe(true);
    expect(focused.summarizedContent).toMatch(/exercising|sessions a week|adherence/u);
  });

  it('is false for a topic the document never mentions, and kept with each version', async () => {
    const user = await t.createUser({ credits: 5 });
    const created = await summaryOf(await create(user, 'Focus on the funding'));
    expect(created.promptApplied).toBe(false);

    const regenerated = await summaryOf(
      await t.request(`/api/summaries/${created.id}/regenerate`, {
        method: 'POST',
        token: user.token,
        json: { customPrompt: 'Only the numbers' },
      }),
    );
    expect(regenerated.promptApplied).toBe(true);

    const restored = await summaryOf(
      await t.request(`/api/summaries/${created.id}/versions/1/restore`, {
        method: 'POST',
        token: user.token,
      }),
    );
    expect(restored.promptApplied).toBe(false);
    expect((await fetchSummary(user, created.id)).promptApplied).toBe(false);
  });
});
