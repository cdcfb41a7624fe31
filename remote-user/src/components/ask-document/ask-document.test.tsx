import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from 'common/api-client';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { SourceLinkedSummary } from '../source-linked-summary';
import { makeSummary, ok } from '../../testing/summary-fixtures';
import type { SummaryQuestion } from '../../lib/summaries/summary-questions-api';
import { ASK_LABEL, AskDocument, NO_QUESTIONS_YET, QUESTION_TOO_SHORT } from './ask-document';

const ORIGINAL =
  'The harbour authority published its report on Monday. ' +
  'Cargo volumes rose by 12 percent to 48 million tonnes. ' +
  'Dredging will cost about 30 million euros.';
function spanOf(sentence: string): { start: number; end: number } {
  const start = ORIGINAL.indexOf(sentence);
  return { start, end: start + sentence.length };
}
const FIRST = spanOf('The harbour authority published its report on Monday.');
const SECOND = spanOf('Cargo volumes rose by 12 percent to 48 million tonnes.');
const THIRD = spanOf('Dredging will cost about 30 million euros.');

function question(overrides: Partial<SummaryQuestion>): SummaryQuestion {
  return {
    id: 'q1',
    question: 'What happened to cargo?',
    answer: 'Cargo volumes rose by 12 percent to 48 million tonnes.',
    citations: [SECOND],
    unverified: [],
    aiModel: 'brevity-local-extractive',
    isFallback: true,
    fallbackReason: 'not_configured',
    createdAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  };
}

function setup(handler: (request: SeenRequest) => Response) {
  storeSession(makeUser());
  const fetchMock = stubFetch(handler);
  const summary = makeSummary({
    id: 's1',
    originalContent: ORIGINAL,
    summarizedContent: 'The harbour authority published its report on Monday.',
    sourceMap: [
      { text: 'The harbour authority published its report on Monday.', sources: [FIRST] },
    ],
  });
  renderWithProviders({
    initialEntry: '/',
    routes: [
      {
        path: '/',
        element: (
          <SourceLinkedSummary
            summary={summary}
            below={(show, shown) => <AskDocument summary={summary} show={show} shown={shown} />}
          />
        ),
      },
    ],
  });
  return fetchMock;
}

/** The original's highlighted (chosen) text. */
function activeSource(): string {
  const original = screen.getByRole('region', { name: 'Original content' });
  return [...original.querySelectorAll('[data-active="true"]')]
    .map((node) => node.textContent)
    .join('');
}

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('AskDocument', () => {
  it('lists earlier questions oldest first; a citation highlights its source in the original', async () => {
    const seen: string[] = [];
    setup((request) => {
      seen.push(`${request.method} ${request.path}`);
      return jsonResponse(
        ok({
          answers: [
            question({}),
            question({
              id: 'q2',
              question: 'Who won the match?',
              answer: 'The document does not say.',
              citations: [],
            }),
          ],
        }),
      );
    });
    const list = await screen.findByRole('list', { name: 'Questions and answers' });
    const items = [...list.querySelectorAll<HTMLElement>(':scope > li')];
    expect(items.map((item) => item.querySelector('.ru-ask__question')?.textContent)).toEqual([
      'Question: What happened to cargo?',
      'Question: Who won the match?',
    ]);
    expect(within(items[1] as HTMLElement).getByText('The document does not say.')).toBeVisible();
    expect(seen).toEqual(['GET /api/summaries/s1/questions']);

    const citation = screen.getByRole('button', { name: /Show source 1: “Cargo volumes rose/u });
    expect(citation).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(citation);
    expect(citation).toHaveAttribute('aria-pressed', 'true');
    expect(activeSource()).toBe(ORIGINAL.slice(SECOND.start, SECOND.end));
    expect(
      screen.getByText(/Source 1 of 1 of the answer highlighted in the original\./u),
    ).toBeInTheDocument();

    // Choosing a summary sentence takes the highlight over; the citation is no longer chosen.
    await userEvent.click(
      screen.getByRole('button', { name: 'The harbour authority published its report on Monday.' }),
    );
    expect(activeSource()).toBe(ORIGINAL.slice(FIRST.start, FIRST.end));
    expect(citation).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks a question with the keyboard and shows the answer last, with its sources', async () => {
    const posted: unknown[] = [];
    setup((request) => {
      if (request.method === 'POST') {
        posted.push(JSON.parse(String(request.body)));
        return jsonResponse(
          ok({
            answer: question({
              id: 'q9',
              question: 'How much will dredging cost?',
              answer: 'Dredging will cost about 30 million euros.',
              citations: [THIRD],
            }),
          }),
          201,
        );
      }
      return jsonResponse(ok({ answers: [question({})] }));
    });
    await screen.findByRole('list', { name: 'Questions and answers' });
    const input = screen.getByRole('textbox', { name: ASK_LABEL });
    await userEvent.type(input, '  How much will dredging cost?  {Enter}');
    expect(posted).toEqual([{ question: 'How much will dredging cost?' }]);
    const last = await screen.findByRole('button', { name: /Show source 1: “Dredging will cost/u });
    const questions = [...document.querySelectorAll('.ru-ask__question')].map(
      (node) => node.textContent,
    );
    expect(questions).toEqual([
      'Question: What happened to cargo?',
      'Question: How much will dredging cost?',
    ]);
    expect(input).toHaveValue('');
    await userEvent.click(last);
    expect(activeSource()).toBe(ORIGINAL.slice(THIRD.start, THIRD.end));
  });

  it('says so for a question under 3 characters without asking', async () => {
    const fetchMock = setup(() => jsonResponse(ok({ answers: [] })));
    expect(await screen.findByText(NO_QUESTIONS_YET)).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: ASK_LABEL }), 'ok');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QUESTION_TOO_SHORT);
    expect(screen.getByRole('textbox', { name: ASK_LABEL })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s message when the hourly limit is reached, keeping the question', async () => {
    const limit = 'You can ask 30 questions an hour. Please wait a little before you ask another.';
    setup((request) =>
      request.method === 'POST'
        ? jsonResponse({ success: false, code: 'RATE_LIMITED', message: limit }, 429)
        : jsonResponse(ok({ answers: [] })),
    );
    await screen.findByText(NO_QUESTIONS_YET);
    const input = screen.getByRole('textbox', { name: ASK_LABEL });
    await userEvent.type(input, 'What did it cost?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
    expect(input).toHaveValue('What did it cost?');
    expect(screen.getByText(NO_QUESTIONS_YET)).toBeVisible();
  });

  it('offers to try again when the questions do not load', async () => {
    let calls = 0;
    setup(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ success: false, code: 'INTERNAL', message: 'Something went wrong' }, 500)
        : jsonResponse(ok({ answers: [question({})] }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(document.querySelector('.ru-ask__question')).toHaveTextContent(
        'Question: What happened to cargo?',
      ),
    );
  });
});
