import { act, screen, waitFor, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { DEFAULT_PORTAL_CONFIG, primePortalConfig } from 'common/portal-config';
import { createAppStore } from 'common/store';
import type { AppStore } from 'common/store';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { selectWorkbenchState } from './workbench-slice';
import { makeSummary, sseEvent, streamedResponse } from '../../testing/summary-fixtures';
import { FALLBACK_REASON_TEXT } from '../../lib/summaries/summary';
import type { FallbackReason } from '../../lib/summaries/summary';
import { SummarizePage } from './summarize-page';

// The page loads these lazily (issue 12); loading them once here keeps the tests' waits about
// the page rather than the first transform of a module on a busy machine.
beforeAll(async () => {
  await import('./summary-result');
});

/** The result card renders once its lazy component has resolved, which a busy machine slows. */
const LAZY_RESULT = { timeout: 3000 };

const VALID_TEXT = 'Brevity turns long documents into short summaries. '.repeat(3);

function setup(handler: (request: SeenRequest) => Response | Promise<Response>, credits = 5) {
  storeSession(makeUser({ credits }));
  const fetchMock = stubFetch(handler);
  const store: AppStore = createAppStore();
  const view = renderWithProviders({
    initialEntry: '/summarize',
    routes: [{ path: '/summarize', element: <SummarizePage /> }],
    store,
  });
  return { ...view, fetchMock, store };
}

const textArea = () => screen.getByLabelText('Text to summarize') as HTMLTextAreaElement;
const generateButton = () => screen.getByRole('button', { name: /Generate summary|Summarizing/ });

async function generate() {
  fireEvent.change(textArea(), { target: { value: VALID_TEXT } });
  await userEvent.click(generateButton());
}

const streamRegion = () => screen.getByRole('region', { name: 'Writing the summary…' });

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  // GET /api/config as a server of API.md round 3 answers it, without a request.
  primePortalConfig({ ...DEFAULT_PORTAL_CONFIG, urlSources: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SummarizePage: the text summary streams', () => {
  it('shows the summary as it is written, then the result card and the new balance', async () => {
    const stream = streamedResponse();
    const seen: SeenRequest[] = [];
    const { store } = setup((request) => {
      seen.push(request);
      return stream.response;
    }, 3);
    await generate();

    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.path).toBe('/api/summaries/stream');
    expect(seen[0]?.headers.get('Accept')).toBe('text/event-stream');
    expect(seen[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(JSON.parse(String(seen[0]?.body))).toEqual({
      content: VALID_TEXT.trim(),
      length: 'medium',
      format: 'paragraph',
      language: 'auto',
    });
    // Before the first words: the spinner, and Stop.
    expect(within(streamRegion()).getByRole('status', { name: 'Generating your summary…' }));
    expect(within(streamRegion()).getByRole('button', { name: 'Stop' })).toBeVisible();

    act(() => stream.push(sseEvent('delta', { text: 'Brevity turns documents' })));
    const written = await screen.findByTestId('streamed-summary');
    expect(written.textContent).toBe('Brevity turns documents');
    // Half an event: nothing more shows until it is complete.
    act(() => stream.push('event: delta\ndata: {"text":" into summ'));
    act(() => stream.push('aries."}\n\n'));
    await waitFor(() =>
      expect(screen.getByTestId('streamed-summary').textContent).toBe(
        'Brevity turns documents into summaries.',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Your summary' })).toBeNull();
    expect(store.getState().session.user?.credits).toBe(3);

    const summary = makeSummary({
      id: 'streamed',
      summarizedContent: 'Brevity turns documents into summaries.',
      aiModel: 'gemini-2.5-flash-001',
    });
    act(() => {
      stream.push(sseEvent('done', { summary, updatedCredits: 2 }));
      stream.close();
    });
    const heading = await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    const result = heading.closest('.ru-result') as HTMLElement;
    expect(result.textContent).toContain('Brevity turns documents into summaries.');
    expect(within(result).getByText('gemini-2.5-flash-001')).toBeVisible();
    expect(within(result).getByText('AI Generated')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Writing the summary…' })).toBeNull();
    expect(store.getState().session.user?.credits).toBe(2);
    expect(document.activeElement).toBe(heading);
  });

  it('Stop cancels the stream: nothing charged, the form back with the text kept, the partial text offered', async () => {
    const stream = streamedResponse();
    const { store } = setup(() => stream.response, 3);
    await generate();
    act(() => stream.push(sseEvent('delta', { text: 'Half a summary' })));
    await screen.findByTestId('streamed-summary');

    await userEvent.click(within(streamRegion()).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(stream.cancelled).toBe(true));
    expect(screen.queryByRole('region', { name: 'Writing the summary…' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your summary' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(textArea().value).toBe(VALID_TEXT);
    // Issue 26: a card says nothing was charged, takes focus and offers the partial text.
    const stopped = screen.getByRole('region', { name: 'Stopped. Nothing was charged.' });
    expect(document.activeElement).toBe(within(stopped).getByRole('heading'));
    expect(within(stopped).getByTestId('stopped-summary').textContent).toBe('Half a summary');
    expect(within(stopped).getByRole('button', { name: 'Copy the partial text' })).toBeVisible();
    expect(within(stopped).getByRole('button', { name: 'Start again' })).toBeVisible();
    expect(generateButton()).toHaveProperty('disabled', false);
    expect(store.getState().session.user?.credits).toBe(3);
    expect(selectWorkbenchState(store.getState())).toMatchObject({
      status: 'idle',
      error: null,
      stream: null,
      currentSummary: null,
    });
  });

  it("an error event shows the server's message as creation errors are shown", async () => {
    const stream = streamedResponse();
    const { store } = setup(() => stream.response, 3);
    await generate();
    act(() => {
      stream.push(sseEvent('delta', { text: 'Some words' }));
      stream.push(
        sseEvent('error', { code: 'SUMMARIZER_FAILED', message: 'The summarizer gave up' }),
      );
      stream.close();
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The summarizer gave up');
    expect(screen.queryByRole('region', { name: 'Writing the summary…' })).toBeNull();
    expect(textArea().value).toBe(VALID_TEXT);
    expect(store.getState().session.user?.credits).toBe(3);
  });

  it('a stream that ends without done says the summary was cut off', async () => {
    const stream = streamedResponse();
    setup(() => stream.response);
    await generate();
    act(() => {
      stream.push(sseEvent('delta', { text: 'Some words' }));
      stream.close();
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'the summary stopped before it was finished',
    );
  });

  it('402 before the stream: the insufficient credits message and a balance of 0', async () => {
    const { store } = setup(
      () =>
        jsonResponse(
          {
            success: false,
            code: 'INSUFFICIENT_CREDITS',
            message: 'Insufficient credits. Please contact support to recharge your account.',
          },
          402,
        ),
      1,
    );
    await generate();
    const alerts = await screen.findAllByText(
      'Insufficient credits. Please contact support to recharge your account.',
    );
    expect(alerts.length).toBeGreaterThan(0);
    await waitFor(() => expect(store.getState().session.user?.credits).toBe(0));
    expect(screen.queryByRole('region', { name: 'Writing the summary…' })).toBeNull();
  });

  it('a reset replaces the partial text and says why, then the Quick Summary says it too', async () => {
    const stream = streamedResponse();
    setup(() => stream.response);
    await generate();
    act(() => stream.push(sseEvent('delta', { text: 'Gemini began to' })));
    await screen.findByTestId('streamed-summary');
    act(() => {
      stream.push(sseEvent('reset', { reason: 'unavailable' }));
      stream.push(sseEvent('delta', { text: 'Key sentence one.' }));
    });
    await waitFor(() =>
      expect(screen.getByTestId('streamed-summary').textContent).toBe('Key sentence one.'),
    );
    const region = streamRegion();
    expect(region.textContent).toContain(FALLBACK_REASON_TEXT.unavailable);
    expect(region.textContent).toContain('It replaces the text written so far.');
    expect(within(region).getByRole('status', { name: '' }).textContent).toContain(
      FALLBACK_REASON_TEXT.unavailable,
    );

    act(() => {
      stream.push(
        sseEvent('done', {
          summary: makeSummary({
            id: 'quick',
            summarizedContent: 'Key sentence one.',
            isFallback: true,
            fallbackReason: 'unavailable',
            aiModel: 'local',
          }),
          updatedCredits: 4,
        }),
      );
      stream.close();
    });
    const heading = await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    const result = heading.closest('.ru-result') as HTMLElement;
    expect(within(result).getByText(FALLBACK_REASON_TEXT.unavailable)).toBeVisible();
  });
});

describe('SummarizePage: why a Quick Summary was made', () => {
  const reasons = Object.keys(FALLBACK_REASON_TEXT) as FallbackReason[];

  it('each reason has its own sentence', () => {
    const sentences = reasons.map((reason) => FALLBACK_REASON_TEXT[reason]);
    expect(new Set(sentences).size).toBe(reasons.length);
    expect(FALLBACK_REASON_TEXT.rate_limited).toBe(
      "The AI service is busy, so Brevity made a quick summary from the document's key sentences.",
    );
  });

  it.each(reasons)(
    '%s: the badge tooltip, its hidden text and the result card say why',
    async (reason) => {
      const summary = makeSummary({
        id: `quick-${reason}`,
        isFallback: true,
        fallbackReason: reason,
        aiModel: 'local-extractive',
      });
      const stream = streamedResponse();
      setup(() => stream.response);
      await generate();
      act(() => {
        stream.push(sseEvent('done', { summary, updatedCredits: 4 }));
        stream.close();
      });
      const heading = await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
      const result = heading.closest('.ru-result') as HTMLElement;
      const badge = within(result).getByText('Quick Summary');
      expect(badge.getAttribute('title')).toBe(FALLBACK_REASON_TEXT[reason]);
      expect(badge.nextElementSibling?.textContent).toBe(` (${FALLBACK_REASON_TEXT[reason]})`);
      expect(badge.nextElementSibling?.className).toBe('ui-sr-only');
      expect(result.querySelector('.ru-result__fallback')?.textContent).toBe(
        FALLBACK_REASON_TEXT[reason],
      );
      expect(within(result).getByText('local-extractive')).toBeVisible();
    },
  );

  it('an AI summary has no tooltip and no explanation', async () => {
    const stream = streamedResponse();
    setup(() => stream.response);
    await generate();
    act(() => {
      stream.push(sseEvent('done', { summary: makeSummary({ id: 'ai' }), updatedCredits: 4 }));
      stream.close();
    });
    const heading = await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    const result = heading.closest('.ru-result') as HTMLElement;
    expect(within(result).getByText('AI Generated').getAttribute('title')).toBeNull();
    expect(result.querySelector('.ru-result__fallback')).toBeNull();
  });
});
