import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryDto } from '../../domain/summary-response';
import { LOCAL_SUMMARIZER_MODEL } from '../../lib/product-constants';
import { NOT_IN_DOCUMENT } from '../../summarizer/local/local-answer';
import { UNKNOWN_ID } from '../../test/envelope';
import type { Envelope, ErrorEnvelope } from '../../test/envelope';
import { createTestApp } from '../../test/test-app';
import type { TestApp, TestUser } from '../../test/test-app';
import {
  QUESTION_REQUIRED_MESSAGE,
  QUESTION_TOO_LONG_MESSAGE,
  QUESTION_TOO_SHORT_MESSAGE,
} from './questions.schemas';
import { QUESTIONS_PER_HOUR, QUESTIONS_RATE_LIMITED_MESSAGE } from './questions.service';
import type { SummaryQuestionDto } from './questions.service';

/*
 * Issue 29, "Ask the document": POST and GET /api/summaries/:id/questions with the app's own
 * summarizer (the local one: test configs set no Gemini key). PGlite by default, Postgres with
 * TEST_DATABASE_URL.
 */

const ORIGINAL = [
  'The harbour authority published its annual report on Monday.',
  'Cargo volumes rose by 12 percent to 48 million tonnes, the highest on record.',
  'Container traffic grew fastest, driven by new routes to West Africa.',
  'The authority plans to dredge the eastern channel next year.',
  'Dredging will cost about 30 million euros and take eight months.',
  'Local fishermen fear the dredging will disturb spawning grounds.',
].join(' ');

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ name: 'Ada Owner', credits: 20 });
  stranger = await t.createUser({ name: 'Sam Stranger' });
});

afterAll(async () => {
  await t.destroy();
});

async function createSummary(user: TestUser, content = ORIGINAL): Promise<SummaryDto> {
  const res = await t.request('/api/summaries', {
    method: 'POST',
    token: user.token,
    json: { content },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ summary: SummaryDto }>).data.summary;
}

function ask(summaryId: string, question: unknown, token = owner.token): Promise<Response> {
  return t.request(`/api/summaries/${summaryId}/questions`, {
    method: 'POST',
    token,
    json: { question },
  });
}

function list(summaryId: string, token = owner.token): Promise<Response> {
  return t.request(`/api/summaries/${summaryId}/questions`, { token });
}

async function answerOf(res: Response): Promise<SummaryQuestionDto> {
  expect(res.status).toBe(201);
  return ((await res.json()) as Envelope<{ answer: SummaryQuestionDto }>).data.answer;
}

async function creditsOf(user: TestUser): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', user.user.id)
    .executeTakeFirstOrThrow();
  return row.credits;
}

describe('POST /api/summaries/:id/questions', () => {
  it('answers from the original with its own sentences, cited, for free', async () => {
    const summary = await createSummary(owner);
    const credits = await creditsOf(owner);
    const answer = await answerOf(
      await ask(summary.id, '  How much will dredging the channel cost?  '),
    );
    expect(answer).toEqual({
      id: expect.any(String) as string,
      question: 'How much will dredging the channel cost?',
      answer: expect.stringContaining('Dredging will cost about 30 million euros') as string,
      citations: expect.any(Array) as unknown[],
      unverified: [],
      aiModel: LOCAL_SUMMARIZER_MODEL,
      isFallback: true,
      fallbackReason: 'not_configured',
      createdAt: expect.any(String) as string,
    });
    expect(answer.citations.length).toBeGreaterThanOrEqual(1);
    expect(answer.citations.length).toBeLessThanOrEqual(3);
    const quoted = answer.citations.map((citation) =>
      summary.originalContent.slice(citation.start, citation.end),
    );
    expect(quoted).toContain('Dredging will cost about 30 million euros and take eight months.');
    expect(answer.answer).toBe(quoted.join(' '));
    expect(await creditsOf(owner)).toBe(credits);
  });

  it('answers "The document does not say." with no citations when nothing answers', async () => {
    const summary = await createSummary(owner);
    const answer = await answerOf(await ask(summary.id, 'Who won the football final in Madrid?'));
    expect(answer).toMatchObject({ answer: NOT_IN_DOCUMENT, citations: [], unverified: [] });
  });

  it.each([
    ['an empty question', '', QUESTION_REQUIRED_MESSAGE],
    ['a blank question', '     ', QUESTION_REQUIRED_MESSAGE],
    ['a 2-character question', 'ok', QUESTION_TOO_SHORT_MESSAGE],
    ['a 501-character question', 'a'.repeat(501), QUESTION_TOO_LONG_MESSAGE],
    ['a question that is no text', 42, QUESTION_REQUIRED_MESSAGE],
    ['no question', undefined, QUESTION_REQUIRED_MESSAGE],
  ])('refuses %s with 400 naming question, storing nothing', async (_name, question, message) => {
    const summary = await createSummary(owner);
    const res = await ask(summary.id, question);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorEnvelope;
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect(body.errors).toEqual([{ field: 'question', message }]);
    const stored = await t.db
      .selectFrom('summary_questions')
      .select('id')
      .where('summary_id', '=', summary.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('takes 500 characters once trimmed', async () => {
    const summary = await createSummary(owner);
    const question = `dredging ${'x'.repeat(491)}`;
    const answer = await answerOf(await ask(summary.id, `  ${question}\n`));
    expect(answer.question).toBe(question);
  });

  it('answers 404 for someone else’s summary, staff included, and for unknown ids', async () => {
    const summary = await createSummary(owner);
    const admin = await t.createUser({ role: 'admin' });
    const editor = await t.createUser({ role: 'editor' });
    for (const token of [stranger.token, admin.token, editor.token]) {
      const res = await ask(summary.id, 'How much will dredging cost?', token);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorEnvelope).code).toBe('NOT_FOUND');
      expect((await list(summary.id, token)).status).toBe(404);
    }
    expect((await ask(UNKNOWN_ID, 'How much will dredging cost?')).status).toBe(404);
    expect((await ask('not-a-uuid', 'How much will dredging cost?')).status).toBe(404);
    expect((await list(UNKNOWN_ID)).status).toBe(404);
  });

  it('answers 404 for a deleted summary, whose questions went with it', async () => {
    const summary = await createSummary(owner);
    await answerOf(await ask(summary.id, 'Why are the fishermen worried?'));
    const deleted = await t.request(`/api/summaries/${summary.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect((await ask(summary.id, 'Why are the fishermen worried?')).status).toBe(404);
    expect((await list(summary.id)).status).toBe(404);
    const left = await t.db
      .selectFrom('summary_questions')
      .select('id')
      .where('summary_id', '=', summary.id)
      .execute();
    expect(left).toEqual([]);
  });

  it(`allows ${QUESTIONS_PER_HOUR} questions an hour per user, then 429 with Retry-After`, async () => {
    const asker = await t.createUser({ credits: 5 });
    const first = await createSummary(asker);
    const second = await createSummary(asker);
    // Refused questions do not count: bad input, someone else's summary.
    expect((await ask(first.id, '', asker.token)).status).toBe(400);
    const others = await createSummary(owner);
    expect((await ask(others.id, 'How much will dredging cost?', asker.token)).status).toBe(404);
    for (let i = 0; i < QUESTIONS_PER_HOUR; i++) {
      const summaryId = i % 2 === 0 ? first.id : second.id;
      const res = await ask(summaryId, `Question ${i + 1}: what about cargo volumes?`, asker.token);
      expect(res.status).toBe(201);
    }
    const refused = await ask(second.id, 'And the dredging cost?', asker.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3000);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: QUESTIONS_RATE_LIMITED_MESSAGE,
    });
    // The limit is the user's: someone else asks on.
    await answerOf(await ask(others.id, 'How much will dredging cost?'));
    const stored = await t.db
      .selectFrom('summary_questions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('summary_id', 'in', [first.id, second.id])
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(QUESTIONS_PER_HOUR);
  });
});

describe('GET /api/summaries/:id/questions', () => {
  it('lists the questions and answers oldest first, after a reload too', async () => {
    const summary = await createSummary(owner);
    expect(await list(summary.id).then((res) => res.json())).toEqual({
      success: true,
      data: { answers: [] },
    });
    const first = await answerOf(await ask(summary.id, 'What happened to cargo volumes?'));
    const second = await answerOf(await ask(summary.id, 'Who won the football final?'));
    const res = await list(summary.id);
    expect(res.status).toBe(200);
    const { answers } = ((await res.json()) as Envelope<{ answers: SummaryQuestionDto[] }>).data;
    expect(answers).toEqual([first, second]);
    expect(answers[1]?.answer).toBe(NOT_IN_DOCUMENT);
  });

  it('keeps questions out of what staff and shared links see', async () => {
    const summary = await createSummary(owner);
    await answerOf(await ask(summary.id, 'What happened to cargo volumes?'));
    const share = await t.request(`/api/summaries/${summary.id}/share`, {
      method: 'POST',
      token: owner.token,
    });
    const { token } = ((await share.json()) as Envelope<{ share: { token: string } }>).data.share;
    const shared = await t.request(`/api/shared/${token}`);
    expect(shared.status).toBe(200);
    const text = JSON.stringify(await shared.json());
    expect(text).not.toContain('cargo volumes?');
    expect(text).not.toMatch(/"(answers|questions)"/u);
    const admin = await t.createUser({ role: 'admin' });
    const staffList = await t.request(`/api/admin/summaries?userId=${owner.user.id}`, {
      token: admin.token,
    });
    expect(staffList.status).toBe(200);
    expect(JSON.stringify(await staffList.json())).not.toContain('cargo volumes?');
  });
});

describe('fair use', () => {
  it('counts a question as a summarizer call', async () => {
    const limited = await createTestApp({
      database: t.database,
      env: { SUMMARIZER_RATE_LIMIT: '2' },
    });
    try {
      const user = await limited.createUser({ credits: 5 });
      const created = await limited.request('/api/summaries', {
        method: 'POST',
        token: user.token,
        json: { content: ORIGINAL },
      });
      const { summary } = ((await created.json()) as Envelope<{ summary: SummaryDto }>).data;
      const path = `/api/summaries/${summary.id}/questions`;
      const body = { question: 'What happened to cargo volumes?' };
      const answered = await limited.request(path, {
        method: 'POST',
        token: user.token,
        json: body,
      });
      expect(answered.status).toBe(201);
      const refused = await limited.request(path, {
        method: 'POST',
        token: user.token,
        json: body,
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/u);
      expect(((await refused.json()) as ErrorEnvelope).code).toBe('RATE_LIMITED');
      // Reading the answers runs no summarizer: never limited.
      expect((await limited.request(path, { token: user.token })).status).toBe(200);
    } finally {
      await limited.destroy();
    }
  });
});
