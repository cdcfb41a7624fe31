import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from 'common/api-client';
import { DEFAULT_PORTAL_CONFIG, primePortalConfig } from 'common/portal-config';
import { createAppStore } from 'common/store';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { createSummary } from './workbench-slice';
import { makeStatistics, makeSummary, ok, sseResponse } from '../../testing/summary-fixtures';
import type { Summary } from '../../lib/summaries/summary';
import { SUMMARY_OPTIONS_STORAGE_KEY } from '../../lib/summaries/summary-options';
import { SummarizePage } from './summarize-page';

// The page loads these lazily (issue 12); loading them once here keeps the tests' waits about
// the page rather than the first transform of a module on a busy machine.
beforeAll(async () => {
  await import('./summary-result');
});

/** The result card renders once its lazy component has resolved, which a busy machine slows. */
const LAZY_RESULT = { timeout: 3000 };

const VALID_TEXT = 'Brevity turns long documents into short summaries. '.repeat(3);
const NO_TEXT_MESSAGE =
  'This PDF has no text layer (it looks like a scanned image). Brevity needs selectable text: try a PDF exported from a word processor, or paste the text.';

function setup({
  credits = 5,
  handler = () => jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Not found' }, 404),
  summary,
}: {
  credits?: number;
  handler?: (request: SeenRequest) => Response | Promise<Response>;
  summary?: Summary;
} = {}) {
  storeSession(makeUser({ credits }));
  const fetchMock = stubFetch(handler);
  const store = createAppStore();
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

const radio = (group: string, name: string, scope: HTMLElement = document.body) =>
  within(within(scope).getByRole('radiogroup', { name: group })).getByRole('radio', { name });

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  // GET /api/config answered already: the page's requests are the ones under test.
  primePortalConfig(DEFAULT_PORTAL_CONFIG);
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('SummarizePage: Length and Format', () => {
  it('offers both groups on the text tab, medium paragraph by default', () => {
    setup();
    const lengths = within(screen.getByRole('radiogroup', { name: 'Length' }))
      .getAllByRole('radio')
      .map((input) => input.closest('label')?.textContent);
    expect(lengths).toEqual(['Short', 'Medium', 'Long']);
    const formats = within(screen.getByRole('radiogroup', { name: 'Format' }))
      .getAllByRole('radio')
      .map((input) => input.closest('label')?.textContent);
    expect(formats).toEqual(['Paragraph', 'Bullet points', 'TL;DR']);
    expect((radio('Length', 'Medium') as HTMLInputElement).checked).toBe(true);
    expect((radio('Format', 'Paragraph') as HTMLInputElement).checked).toBe(true);
  });

  it('sends the choice, and remembers it for the next summary', async () => {
    const bodies: unknown[] = [];
    const { unmount } = setup({
      handler: (request) => {
        bodies.push({ path: request.path, body: JSON.parse(String(request.body)) });
        return sseResponse([['done', { summary: makeSummary({ id: 'n' }), updatedCredits: 4 }]]);
      },
    });
    await userEvent.click(radio('Length', 'Short'));
    await userEvent.click(radio('Format', 'Bullet points'));
    fireEvent.change(screen.getByLabelText('Text to summarize'), { target: { value: VALID_TEXT } });
    await userEvent.click(screen.getByRole('button', { name: 'Generate summary' }));
    await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    expect(bodies).toEqual([
      {
        path: '/api/summaries/stream',
        body: { content: VALID_TEXT.trim(), length: 'short', format: 'bullets', language: 'auto' },
      },
    ]);
    expect(JSON.parse(localStorage.getItem(SUMMARY_OPTIONS_STORAGE_KEY) ?? '{}')).toEqual({
      length: 'short',
      format: 'bullets',
      language: 'auto',
    });
    unmount();

    setup();
    expect((radio('Length', 'Short') as HTMLInputElement).checked).toBe(true);
    expect((radio('Format', 'Bullet points') as HTMLInputElement).checked).toBe(true);
  });
});

describe('SummarizePage: Summary language', () => {
  const LANGUAGES = [
    { code: 'de', name: 'Deutsch' },
    { code: 'en', name: 'English' },
    { code: 'fa', name: 'فارسی' },
  ];

  it('offers Same as the document, then the languages by their own names; sends and remembers the choice', async () => {
    primePortalConfig({ ...DEFAULT_PORTAL_CONFIG, languages: LANGUAGES });
    const bodies: unknown[] = [];
    const { unmount } = setup({
      handler: (request) => {
        bodies.push(JSON.parse(String(request.body)));
        return sseResponse([['done', { summary: makeSummary({ id: 'n' }), updatedCredits: 4 }]]);
      },
    });
    const select = screen.getByLabelText('Summary language') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Same as the document',
      'Deutsch',
      'English',
      'فارسی',
    ]);
    expect(select.value).toBe('auto');
    expect(select.options[3]?.lang).toBe('fa');
    await userEvent.selectOptions(select, 'English');
    fireEvent.change(screen.getByLabelText('Text to summarize'), { target: { value: VALID_TEXT } });
    await userEvent.click(screen.getByRole('button', { name: 'Generate summary' }));
    await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    expect(bodies).toEqual([
      { content: VALID_TEXT.trim(), length: 'medium', format: 'paragraph', language: 'en' },
    ]);
    unmount();

    setup();
    expect((screen.getByLabelText('Summary language') as HTMLSelectElement).value).toBe('en');
  });

  it('shows the languages and, when the AI service could not translate, says so in words', async () => {
    const summary = makeSummary({
      id: 'de',
      isFallback: true,
      fallbackReason: 'not_configured',
      sourceLanguage: 'de',
      language: 'de',
      requestedLanguage: 'en',
    });
    setup({
      handler: () => sseResponse([['done', { summary, updatedCredits: 4 }]]),
    });
    fireEvent.change(screen.getByLabelText('Text to summarize'), { target: { value: VALID_TEXT } });
    await userEvent.click(screen.getByRole('button', { name: 'Generate summary' }));
    await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    expect(screen.getByText('German')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Written in German, the document's language: translating needs the AI service",
      ),
    ).toBeInTheDocument();
  });
});

describe('SummarizePage: file tab with PDF', () => {
  async function chooseFile(name: string) {
    await userEvent.click(screen.getByRole('tab', { name: 'Upload File' }));
    const panel = screen.getByRole('tabpanel', { name: 'Upload File' });
    const input = within(panel).getByLabelText('Choose a file to summarize') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], name, { type: 'application/pdf' })] },
    });
    return panel;
  }

  it('sends Length and Format as multipart fields with the file', async () => {
    let form: FormData | null = null;
    setup({
      handler: (request) => {
        form = request.body as FormData;
        return jsonResponse({ success: false, code: 'NO_TEXT', message: NO_TEXT_MESSAGE }, 422);
      },
    });
    const panel = await chooseFile('paper.pdf');
    expect(within(panel).getByText('paper.pdf')).toBeVisible();
    await userEvent.click(radio('Length', 'Long', panel));
    await userEvent.click(radio('Format', 'TL;DR', panel));
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload & Summarize' }));
    await within(panel).findAllByText(NO_TEXT_MESSAGE);
    const sent = form as FormData | null;
    expect(sent?.get('length')).toBe('long');
    expect(sent?.get('format')).toBe('tldr');
    expect((sent?.get('file') as File | null)?.name).toBe('paper.pdf');
  });

  it('a scanned PDF (422 NO_TEXT) shows its message once and charges nothing', async () => {
    const { store } = setup({
      handler: () =>
        jsonResponse({ success: false, code: 'NO_TEXT', message: NO_TEXT_MESSAGE }, 422),
    });
    const panel = await chooseFile('scan.pdf');
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload & Summarize' }));
    expect(await within(panel).findByText(NO_TEXT_MESSAGE)).toBeVisible();
    expect(within(panel).getAllByText(NO_TEXT_MESSAGE)).toHaveLength(1);
    expect(store.getState().session.user?.credits).toBe(5);
    expect(screen.queryByRole('heading', { name: 'Your summary' })).toBeNull();
  });
});

describe('SummarizePage: result card workbench', () => {
  const BULLETS = makeSummary({
    id: 's9',
    format: 'bullets',
    length: 'short',
    originalContent: 'Cats sleep all day. Dogs bark. Birds sing at dawn.',
    summarizedContent: '- Cats sleep all day.\n- Birds sing at dawn.',
    sourceMap: [
      { text: 'Cats sleep all day.', sources: [{ start: 0, end: 19 }] },
      { text: 'Birds sing at dawn.', sources: [{ start: 31, end: 50 }] },
    ],
    keywords: ['cats', 'birds'],
  });

  it('shows the summary item by item beside the original, with key-term chips', async () => {
    setup({ summary: BULLETS });
    const result = screen.getByRole('region', { name: 'Your summary' });
    expect(within(result).getByRole('group', { name: 'Key terms' })).toBeVisible();
    await userEvent.click(within(result).getByRole('button', { name: 'Birds sing at dawn.' }));
    const original = within(result).getByRole('region', { name: 'Original content' });
    expect(original.querySelector('[aria-current="true"]')?.textContent).toBe(
      'Birds sing at dawn.',
    );
  });

  it('Copy keeps plain text; Copy as Markdown keeps the bullets', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup({ summary: BULLETS });
    const actions = screen.getByRole('group', { name: 'Summary actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Copy' }));
    fireEvent.click(within(actions).getByRole('button', { name: 'Copy as Markdown' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(writeText.mock.calls).toEqual([
      ['Cats sleep all day.\nBirds sing at dawn.'],
      ['- Cats sleep all day.\n- Birds sing at dawn.'],
    ]);
  });

  it('Download .docx fetches the export with the token and saves it under its name', async () => {
    const seen: SeenRequest[] = [];
    const createObjectURL = vi.fn(() => 'blob:docx');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    setup({
      summary: BULLETS,
      handler: (request) => {
        // The question box under the source view loads its questions (issue 29).
        if (request.path.endsWith('/questions')) return jsonResponse(ok({ answers: [] }));
        seen.push(request);
        return new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: {
            'Content-Type':
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            'Content-Disposition':
              'attachment; filename="summary-2026-03-10.docx"; filename*=UTF-8\'\'summary-2026-03-10.docx',
          },
        });
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download .docx' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/summaries/s9/export?format=docx',
    ]);
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    // One name for every download (docs/glossary.md "Files"), not the server's.
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'brevity-summary-2026-03-10.docx',
    );
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('Download .docx carries citations; Without citations (by keyboard) asks for none; .md is written here', async () => {
    const seen: SeenRequest[] = [];
    const blobTypes: string[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobTypes.push(blob.type);
      return 'blob:export';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    setup({
      summary: BULLETS,
      handler: (request) => {
        // The question box under the source view loads its questions (issue 29).
        if (request.path.endsWith('/questions')) return jsonResponse(ok({ answers: [] }));
        seen.push(request);
        return new Response('PK', {
          status: 200,
          headers: {
            'Content-Type':
              'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          },
        });
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download .docx' }, LAZY_RESULT),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    const option = screen.getByRole('checkbox', { name: 'Without citations' });
    expect(option).not.toBeChecked();
    option.focus();
    await userEvent.keyboard(' ');
    expect(option).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Download .docx' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    // The .md is written here, with the details the screens show: no request.
    await userEvent.click(screen.getByRole('button', { name: 'Download .md' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(3));

    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/summaries/s9/export?format=docx',
      'GET /api/summaries/s9/export?format=docx&citations=false',
    ]);
    expect(blobTypes[2]).toBe('text/markdown;charset=utf-8');
    expect((click.mock.contexts[2] as HTMLAnchorElement).download).toBe(
      'brevity-summary-2026-03-10.md',
    );
  });

  it('Re-prompt starts from the summary’s length and format and sends the new choice', async () => {
    const bodies: unknown[] = [];
    setup({
      summary: BULLETS,
      handler: (request) => {
        // The question box under the source view loads its questions (issue 29).
        if (request.path.endsWith('/questions')) return jsonResponse(ok({ answers: [] }));
        bodies.push({ path: request.path, body: JSON.parse(String(request.body)) });
        return jsonResponse(
          ok({
            summary: makeSummary({ id: 's9', regenerationCount: 1, summarizedContent: 'Again' }),
            statistics: makeStatistics(),
          }),
        );
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Re-prompt' }));
    const panel = screen.getByRole('form', { name: 'Re-prompt' });
    expect((radio('Length', 'Short', panel) as HTMLInputElement).checked).toBe(true);
    expect((radio('Format', 'Bullet points', panel) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(radio('Length', 'Long', panel));
    await userEvent.click(radio('Format', 'Paragraph', panel));
    await userEvent.click(within(panel).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText('Again')).toBeVisible();
    expect(bodies).toEqual([
      {
        path: '/api/summaries/s9/regenerate',
        body: { customPrompt: null, length: 'long', format: 'paragraph', language: 'auto' },
      },
    ]);
  });
});
