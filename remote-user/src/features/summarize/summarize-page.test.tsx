import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { DEFAULT_PORTAL_CONFIG, primePortalConfig } from 'common/portal-config';
import { createAppStore } from 'common/store';
import type { AppStore } from 'common/store';
import {
  jsonResponse,
  makeUser,
  networkFailure,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { createSummary, selectWorkbenchState } from './workbench-slice';
import { makeStatistics, makeSummary, ok } from '../../testing/summary-fixtures';
import type { Summary } from '../../lib/summaries/summary';
import { SummarizePage } from './summarize-page';

// The page loads these lazily (issue 12); loading them once here keeps the tests' waits about
// the page rather than the first transform of a module on a busy machine.
beforeAll(async () => {
  await import('./summary-result');
});

/** The result card renders once its lazy component has resolved, which a busy machine slows. */
const LAZY_RESULT = { timeout: 3000 };

const VALID_TEXT = 'Brevity turns long documents into short summaries. '.repeat(3);

type Handler = (request: SeenRequest) => Response | Promise<Response>;

function notFound() {
  return jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404);
}

function setup({
  credits = 5,
  handler = notFound,
  summary,
}: { credits?: number; handler?: Handler; summary?: Summary } = {}) {
  storeSession(makeUser({ credits }));
  const fetchMock = stubFetch(handler);
  const store: AppStore = createAppStore();
  if (summary) {
    store.dispatch(
      createSummary.fulfilled({ summary, updatedCredits: credits }, 'seed', { content: '' }),
    );
  }
  const view = renderWithProviders({
    initialEntry: '/summarize',
    routes: [{ path: '/summarize', element: <SummarizePage /> }],
    store,
  });
  return { ...view, fetchMock };
}

const textArea = () => screen.getByLabelText('Text to summarize') as HTMLTextAreaElement;
const generateButton = () => screen.getByRole('button', { name: /Generate summary|Summarizing/ });
const uploadButton = () =>
  screen.getByRole('button', { name: /Upload & Summarize|Processing file/ });
const counter = () => screen.getByText(/Characters:/).parentElement as HTMLElement;
const typeText = (value: string) => fireEvent.change(textArea(), { target: { value } });

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  // GET /api/config as a server of API.md round 3 answers it, without a request.
  primePortalConfig({ ...DEFAULT_PORTAL_CONFIG, urlSources: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('SummarizePage: text tab', () => {
  it('shows the two tabs, the counter with (min: 50) and no alert before typing', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Summary' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Paste Text' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Upload File' })).toBeVisible();
    expect(counter().textContent).toBe('Characters: 0/50,000 (min: 50)');
    expect(screen.queryByText(/Content must be at least/)).toBeNull();
    expect(generateButton()).toHaveProperty('disabled', true);
  });

  it('under 50 characters: the alert with the count, the field invalid, submit disabled', async () => {
    setup();
    await userEvent.type(textArea(), 'Too short');
    expect(screen.getByText('Content must be at least 50 characters (current: 9)')).toBeVisible();
    expect(counter().textContent).toBe('Characters: 9/50,000 (min: 50)');
    expect(textArea().getAttribute('aria-invalid')).toBe('true');
    expect(generateButton()).toHaveProperty('disabled', true);
  });

  it('in range: no marker, no alert, submit enabled', () => {
    setup();
    typeText('a'.repeat(50));
    expect(counter().textContent).toBe('Characters: 50/50,000');
    expect(screen.queryByRole('note')).toBeNull();
    expect(textArea().getAttribute('aria-invalid')).toBeNull();
    expect(generateButton()).toHaveProperty('disabled', false);
  });

  it('over 50,000 characters: (exceeded), the alert, submit disabled', () => {
    setup();
    typeText('b'.repeat(50_002));
    expect(counter().textContent).toBe('Characters: 50,002/50,000 (exceeded)');
    expect(
      screen.getByText('Content exceeds maximum 50,000 characters (current: 50002)'),
    ).toBeVisible();
    expect(generateButton()).toHaveProperty('disabled', true);
  });

  it('with 0 credits: the insufficient credits message and submit disabled', () => {
    setup({ credits: 0 });
    expect(
      screen.getByText('Insufficient credits. Please contact support to recharge your account.'),
    ).toBeVisible();
    typeText(VALID_TEXT);
    expect(generateButton()).toHaveProperty('disabled', true);
  });

  it('on a server without the stream route (404), creates through POST /api/summaries: busy while loading, then the result, and the credits drop', async () => {
    const summary = makeSummary({
      id: 'new',
      summarizedContent: 'Line one\nLine two',
      originalWordCount: 1234,
      summaryWordCount: 100,
      compressionRatio: 92,
      processingTime: 1500,
      aiModel: 'gemini-1.5-flash',
    });
    let respond: (response: Response) => void = () => undefined;
    const seen: SeenRequest[] = [];
    const { fetchMock, store } = setup({
      credits: 3,
      handler: (request) => {
        seen.push(request);
        if (request.path === '/api/summaries/stream') return notFound();
        return new Promise<Response>((resolve) => {
          respond = resolve;
        });
      },
    });
    typeText(VALID_TEXT);
    await userEvent.click(generateButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/summaries/stream',
      'POST /api/summaries',
    ]);
    expect(JSON.parse(String(seen[1]?.body))).toEqual({
      content: VALID_TEXT.trim(),
      length: 'medium',
      format: 'paragraph',
      language: 'auto',
    });
    expect(generateButton().getAttribute('aria-busy')).toBe('true');
    expect(generateButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('status', { name: 'Generating your summary…' })).toBeVisible();

    respond(jsonResponse(ok({ summary, updatedCredits: 2 }), 201));
    const heading = await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    const result = heading.closest('.ru-result') as HTMLElement;
    expect(result.querySelector('.ru-summary-text p')?.textContent).toBe('Line one\nLine two');
    expect(within(result).getByText('1,234')).toBeVisible();
    expect(within(result).getByText('100')).toBeVisible();
    expect(within(result).getByText('92%')).toBeVisible();
    expect(within(result).getByText('1,500 ms')).toBeVisible();
    expect(within(result).getByText('gemini-1.5-flash')).toBeVisible();
    expect(within(result).getByText('AI Generated')).toBeVisible();
    expect(within(result).queryByText(/^Version \d/)).toBeNull();
    expect(store.getState().session.user?.credits).toBe(2);
    expect(document.activeElement).toBe(heading);
  });

  it("shows the server's error in an alert when creation fails", async () => {
    setup({
      handler: () =>
        jsonResponse({ success: false, code: 'INTERNAL', message: 'The summarizer is down' }, 500),
    });
    typeText(VALID_TEXT);
    await userEvent.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain('The summarizer is down');
  });
});

describe('SummarizePage: file tab', () => {
  async function openFileTab() {
    await userEvent.click(screen.getByRole('tab', { name: 'Upload File' }));
    return screen.getByLabelText('Choose a file to summarize') as HTMLInputElement;
  }

  it('states the formats the server reads, and asks for a file when none is chosen', async () => {
    setup();
    const input = await openFileTab();
    expect(input.accept).toBe('.txt,.docx,.pdf,.png,.jpg,.jpeg,.webp');
    expect(
      screen.getByText(
        'Supported formats: .txt, .docx, .pdf, .png, .jpg, .jpeg and .webp, max 10MB. Up to 500,000 characters of text. Photos and scans are read by OCR. You can also drop a file here.',
      ),
    ).toBeVisible();
    await userEvent.click(uploadButton());
    expect(screen.getByText('Please select a file first')).toBeVisible();
  });

  it('follows the file types and size of GET /api/config', async () => {
    primePortalConfig({
      ...DEFAULT_PORTAL_CONFIG,
      fileTypes: ['.txt', '.docx'],
      maxFileBytes: 5 * 1024 * 1024,
      maxDocumentChars: 200_000,
    });
    const { fetchMock } = setup();
    const input = await openFileTab();
    expect(input.accept).toBe('.txt,.docx');
    expect(
      screen.getByText(
        'Supported formats: .txt and .docx, max 5MB. Up to 200,000 characters of text. You can also drop a file here.',
      ),
    ).toBeVisible();
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'paper.pdf')] } });
    expect(screen.getByText('Only .txt and .docx files are supported')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the name and size in KB with 2 decimals, and the file can be removed', async () => {
    setup();
    const input = await openFileTab();
    await userEvent.upload(
      input,
      new File(['x'.repeat(12_636)], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByText('notes.txt')).toBeVisible();
    expect(screen.getByText('12.34 KB')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('refuses another type or a file over 10MB before uploading', async () => {
    const { fetchMock } = setup();
    const input = await openFileTab();
    fireEvent.change(input, { target: { files: [new File(['{\\rtf1'], 'paper.rtf')] } });
    expect(
      screen.getByText('Only .txt, .docx, .pdf, .png, .jpg, .jpeg and .webp files are supported'),
    ).toBeVisible();
    const big = new File(['x'], 'big.txt');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(
      screen.getByText('The file is too large (11.00 MB). The maximum size is 10MB.'),
    ).toBeVisible();
    expect(screen.queryByText('big.txt')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is blocked with 0 credits', async () => {
    setup({ credits: 0 });
    const input = await openFileTab();
    await userEvent.upload(input, new File(['hello'], 'notes.txt'));
    expect(uploadButton()).toHaveProperty('disabled', true);
  });

  it('on a server without the upload stream (404), queues the file, shows its progress while polling, then the result', async () => {
    const polls: string[] = [];
    const others: string[] = [];
    const { store } = setup({
      credits: 1,
      handler: (request) => {
        if (request.path === '/api/summaries/upload/stream') return notFound();
        if (request.path === '/api/summaries/upload/async') {
          return jsonResponse(
            ok({ jobId: 'job-1', queue: 'file-processing', state: 'queued', updatedCredits: 0 }),
            202,
          );
        }
        if (!request.path.startsWith('/api/summaries/job/')) {
          others.push(`${request.method} ${request.path}`);
          return notFound();
        }
        polls.push(request.path);
        const job = { jobId: 'job-1', queue: 'file-processing', createdAt: '2026-01-01T00:00:00Z' };
        return polls.length === 1
          ? jsonResponse(ok({ ...job, state: 'active', progress: 30 }))
          : jsonResponse(
              ok({
                ...job,
                state: 'completed',
                progress: 100,
                summary: makeSummary({ id: 'f', isFallback: true, source: 'txt' }),
              }),
            );
      },
    });
    const input = await openFileTab();
    await userEvent.upload(input, new File(['hello'], 'notes.txt'));
    await userEvent.click(uploadButton());
    // The credit is taken when queued: the balance shows it before the summary arrives.
    await waitFor(() => expect(store.getState().session.user?.credits).toBe(0));
    expect(await screen.findByText('File queued, waiting to be processed…')).toBeVisible();
    expect(
      await screen.findByText('Processing file… 30%', undefined, { timeout: 3000 }),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Summary progress' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Your summary' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(screen.getByText('Quick Summary')).toBeVisible();
    expect(polls).toEqual([
      '/api/summaries/job/job-1?queue=file-processing',
      '/api/summaries/job/job-1?queue=file-processing',
    ]);
    // With the balance at 0, the page looks for an open credit request (none here).
    expect(others).toEqual(['GET /api/credits/requests']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(
      screen.getByText('Insufficient credits. Please contact support to recharge your account.'),
    ).toBeVisible();
  }, 10_000);

  it("shows a failed job's reason and reloads the refunded balance", async () => {
    const { store } = setup({
      credits: 2,
      handler: (request) =>
        request.path === '/api/summaries/upload/stream'
          ? notFound()
          : request.path === '/api/auth/me'
            ? jsonResponse(ok(makeUser({ credits: 2 })))
            : request.path === '/api/summaries/upload/async'
              ? jsonResponse(
                  ok({
                    jobId: 'job-2',
                    queue: 'file-processing',
                    state: 'queued',
                    updatedCredits: 1,
                  }),
                  202,
                )
              : jsonResponse(
                  ok({
                    jobId: 'job-2',
                    queue: 'file-processing',
                    state: 'failed',
                    progress: 100,
                    error: 'The .docx file is damaged or incomplete',
                    createdAt: '2026-01-01T00:00:00Z',
                  }),
                ),
    });
    const input = await openFileTab();
    await userEvent.upload(input, new File(['not a zip'], 'fake.docx'));
    await userEvent.click(uploadButton());
    await waitFor(() => expect(store.getState().session.user?.credits).toBe(1));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1), { timeout: 3000 });
    expect(screen.getByRole('alert').textContent).toBe('The .docx file is damaged or incomplete');
    expect(store.getState().session.user?.credits).toBe(2);
  }, 10_000);

  it("shows a failed upload's message once", async () => {
    setup({
      handler: () =>
        jsonResponse(
          {
            success: false,
            code: 'UNSUPPORTED_FILE_TYPE',
            message: 'This is not a real .docx file',
          },
          415,
        ),
    });
    const input = await openFileTab();
    await userEvent.upload(input, new File(['not a zip'], 'fake.docx'));
    await userEvent.click(uploadButton());
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toBe('This is not a real .docx file');
  });

  it('a network failure reads Network error: and the reason', async () => {
    setup({
      handler: () => {
        throw networkFailure('offline');
      },
    });
    const input = await openFileTab();
    await userEvent.upload(input, new File(['hello'], 'notes.txt'));
    await userEvent.click(uploadButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Network error: offline');
  });
});

describe('SummarizePage: result card', () => {
  it('shows Version N once regenerated and the Quick Summary badge', async () => {
    setup({ summary: makeSummary({ regenerationCount: 2, isFallback: true, aiModel: null }) });
    // The result card is loaded lazily: wait for it rather than count on an earlier test.
    const heading = await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    const badges = heading.nextElementSibling as HTMLElement;
    expect(badges.textContent).toBe(
      "Quick Summary (Brevity made a quick summary from the document's key sentences.)Version 3",
    );
    expect(screen.getByText('Gemini 1.5 Flash')).toBeVisible();
  });

  it('Copy reads Copied! for 2000 ms', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    setup({ summary: makeSummary({ summarizedContent: 'Copy me' }) });
    // fireEvent, not userEvent: Testing Library's async wrapper waits on a real timer.
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await act(async () => undefined);
    expect(writeText).toHaveBeenCalledWith('Copy me');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('button', { name: 'Copied!' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
  });

  it('Re-prompt toggles the panel, sends null for an empty prompt and closes on success', async () => {
    const bodies: unknown[] = [];
    const regenerated = makeSummary({
      id: 's1',
      summarizedContent: 'Regenerated',
      regenerationCount: 1,
    });
    setup({
      summary: makeSummary({ id: 's1' }),
      handler: (request) => {
        bodies.push({ path: request.path, body: JSON.parse(String(request.body)) });
        return jsonResponse(ok({ summary: regenerated, statistics: makeStatistics() }));
      },
    });
    const toggle = screen.getByRole('button', { name: 'Re-prompt' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const prompt = screen.getByLabelText('Custom prompt (optional)');
    expect(prompt.getAttribute('maxlength')).toBe('500');
    await userEvent.type(prompt, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Regenerated')).toBeVisible();
    expect(bodies).toEqual([
      {
        path: '/api/summaries/s1/regenerate',
        body: { customPrompt: null, length: 'medium', format: 'paragraph', language: 'auto' },
      },
    ]);
    expect(screen.getByText('Version 2')).toBeVisible();
    expect(screen.queryByLabelText('Custom prompt (optional)')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('a failed regeneration keeps the summary and the panel, with the error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bodies: unknown[] = [];
    setup({
      summary: makeSummary({ id: 's1', summarizedContent: 'Original summary' }),
      handler: (request) => {
        bodies.push(JSON.parse(String(request.body)));
        return jsonResponse({ success: false, code: 'INTERNAL', message: '' }, 500);
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Re-prompt' }));
    await userEvent.type(screen.getByLabelText('Custom prompt (optional)'), ' Shorter ');
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to regenerate summary');
    expect(bodies).toEqual([
      { customPrompt: 'Shorter', length: 'medium', format: 'paragraph', language: 'auto' },
    ]);
    expect(screen.getByText('Original summary')).toBeVisible();
    expect(screen.getByLabelText('Custom prompt (optional)')).toBeVisible();
    expect(warn).toHaveBeenCalled();
  });

  it('Reset clears the text, the summary and the prompt', async () => {
    const { store } = setup({ summary: makeSummary() });
    typeText(VALID_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Re-prompt' }));
    await userEvent.type(screen.getByLabelText('Custom prompt (optional)'), 'Shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(textArea().value).toBe('');
    expect(screen.queryByRole('heading', { name: 'Your summary' })).toBeNull();
    expect(selectWorkbenchState(store.getState())).toMatchObject({
      currentSummary: null,
      status: 'idle',
      error: null,
      updatedCredits: null,
    });
  });
});
