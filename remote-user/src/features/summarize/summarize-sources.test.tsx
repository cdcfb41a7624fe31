import { act, screen, waitFor, within } from '@testing-library/react';
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
import { SummarizePage } from './summarize-page';

// Issue 27: a summary from a web page's address, and a file read (maybe by OCR) as it streams.

beforeAll(async () => {
  await import('./summary-result');
});

const LAZY_RESULT = { timeout: 3000 };

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

const unexpected = (request: SeenRequest): Response => {
  throw new Error(`unexpected request ${request.method} ${request.path}`);
};

const addressField = () => screen.getByLabelText('Page address') as HTMLInputElement;
const summarizePageButton = () =>
  screen.getByRole('button', { name: /Summarize the page|Reading the page/ });
const streamRegion = () => screen.getByRole('region', { name: 'Writing the summary…' });

async function openWebPageTab() {
  await userEvent.click(screen.getByRole('tab', { name: 'Web page' }));
  return addressField();
}

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  primePortalConfig({ ...DEFAULT_PORTAL_CONFIG, urlSources: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SummarizePage: the Web page tab', () => {
  it('is a third tab of the same tab list, reached with the arrow keys', async () => {
    setup(unexpected);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Paste Text', 'Upload File', 'Web page']);
    expect(screen.getByRole('tablist', { name: 'Content source' })).toBeVisible();
    tabs[0]?.focus();
    await userEvent.keyboard('{End}');
    const webPage = screen.getByRole('tab', { name: 'Web page' });
    expect(webPage).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(webPage);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', webPage.id);
    const field = within(panel).getByLabelText('Page address');
    expect(field).toHaveAttribute('type', 'url');
    expect(field).toBeRequired();
    expect(within(panel).getByRole('radiogroup', { name: 'Length' })).toBeVisible();
    expect(within(panel).getByRole('radiogroup', { name: 'Format' })).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Paste Text' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('is not offered by a server that reads no web pages', () => {
    primePortalConfig({ ...DEFAULT_PORTAL_CONFIG, urlSources: false });
    setup(unexpected);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Paste Text',
      'Upload File',
    ]);
    expect(screen.queryByLabelText('Page address')).toBeNull();
  });

  it('checks the address before sending it: present, http or https, at most 2,048 characters', async () => {
    const { fetchMock } = setup(unexpected);
    const field = await openWebPageTab();
    expect(field).not.toHaveAttribute('aria-invalid');

    await userEvent.click(summarizePageButton());
    expect(screen.getByText('Please enter the address of a web page')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Please enter the address of a web page/);
    expect(document.activeElement).toBe(field);

    await userEvent.type(field, 'example.com/article');
    await userEvent.click(summarizePageButton());
    expect(
      screen.getByText('Please enter a full web address starting with http:// or https://'),
    ).toBeVisible();

    await userEvent.clear(field);
    await userEvent.type(field, 'ftp://example.com/file');
    expect(
      screen.getByText('Please enter a full web address starting with http:// or https://'),
    ).toBeVisible();

    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste(`https://example.com/${'a'.repeat(2981)}`);
    expect(
      screen.getByText('The address is too long: at most 2,048 characters (current: 3,001)'),
    ).toBeVisible();

    await userEvent.clear(field);
    await userEvent.type(field, 'https://example.com/article');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('streams the page: the progress bar says each stage, then the words, then the result with its link', async () => {
    const stream = streamedResponse();
    const seen: SeenRequest[] = [];
    const { store } = setup((request) => {
      seen.push(request);
      return stream.response;
    }, 3);
    const field = await openWebPageTab();
    await userEvent.type(field, '  https://example.com/article  ');
    await userEvent.click(screen.getByRole('radio', { name: 'Short' }));
    await userEvent.click(summarizePageButton());

    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe('/api/summaries/stream');
    expect(seen[0]?.headers.get('Accept')).toBe('text/event-stream');
    expect(JSON.parse(String(seen[0]?.body))).toEqual({
      url: 'https://example.com/article',
      length: 'short',
      format: 'paragraph',
      language: 'auto',
    });
    const bar = () => within(streamRegion()).getByRole('progressbar', { name: 'Reading the page' });
    expect(bar()).toHaveAttribute('aria-valuetext', 'Fetching the page…');
    expect(within(streamRegion()).getByRole('button', { name: 'Stop' })).toBeVisible();

    act(() => stream.push(sseEvent('progress', { stage: 'fetching' })));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', 'Fetching the page…'));
    act(() => stream.push(sseEvent('progress', { stage: 'reading' })));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', 'Reading the document…'));
    act(() => stream.push(sseEvent('progress', { stage: 'summarizing' })));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', 'Summarizing…'));
    expect(screen.getByTestId('reading-stage').textContent).toBe('Summarizing…');
    const liveRegion = streamRegion().querySelector('p[role="status"][aria-live="polite"]');
    expect(liveRegion?.textContent).toBe('Summarizing…');

    act(() => stream.push(sseEvent('delta', { text: 'The article says' })));
    expect((await screen.findByTestId('streamed-summary')).textContent).toBe('The article says');
    expect(screen.queryByRole('progressbar')).toBeNull();

    const summary = makeSummary({
      id: 'page',
      source: 'url',
      sourceUrl: 'https://example.com/article?ref=final',
      sourceTitle: 'An article',
      summarizedContent: 'The article says something.',
    });
    act(() => {
      stream.push(sseEvent('done', { summary, updatedCredits: 2 }));
      stream.close();
    });
    const heading = await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    const result = heading.closest('.ru-result') as HTMLElement;
    const link = within(result).getByRole('link', { name: /An article/ });
    expect(link).toHaveAttribute('href', 'https://example.com/article?ref=final');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(result).getByText('https://example.com/article?ref=final')).toBeVisible();
    expect(store.getState().session.user?.credits).toBe(2);
  });

  it('Stop cancels the page: nothing charged, the address kept, Start again sends it again', async () => {
    const streams = [streamedResponse(), streamedResponse()];
    const seen: SeenRequest[] = [];
    const { store } = setup((request) => {
      seen.push(request);
      return (streams[seen.length - 1] ?? streamedResponse()).response;
    }, 3);
    const field = await openWebPageTab();
    await userEvent.type(field, 'https://example.com/article');
    await userEvent.click(summarizePageButton());
    act(() => streams[0]?.push(sseEvent('progress', { stage: 'fetching' })));

    await userEvent.click(within(streamRegion()).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(streams[0]?.cancelled).toBe(true));
    expect(screen.queryByRole('progressbar')).toBeNull();
    const stopped = screen.getByRole('region', { name: 'Stopped. Nothing was charged.' });
    expect(addressField().value).toBe('https://example.com/article');
    expect(store.getState().session.user?.credits).toBe(3);
    expect(selectWorkbenchState(store.getState())).toMatchObject({ status: 'idle', stream: null });

    await userEvent.click(within(stopped).getByRole('button', { name: 'Start again' }));
    expect(seen).toHaveLength(2);
    expect(JSON.parse(String(seen[1]?.body))).toMatchObject({ url: 'https://example.com/article' });
    expect(streamRegion()).toBeVisible();
  });

  it.each([
    [400, 'URL_NOT_ALLOWED', 'This address points to a private network and cannot be fetched'],
    [422, 'URL_UNREACHABLE', 'The page answered 404 Not Found'],
    [415, 'UNSUPPORTED_MEDIA_TYPE', 'This address does not lead to a page or a document'],
    [413, 'PAYLOAD_TOO_LARGE', 'The page has more than 500,000 characters'],
    [422, 'NO_TEXT', 'The page has no article to summarize'],
    [429, 'RATE_LIMITED', 'Too many summaries at once. Try again in a minute.'],
  ])('a %i %s shows the server’s message', async (status, code, message) => {
    const { store } = setup(() => jsonResponse({ success: false, code, message }, status), 3);
    const field = await openWebPageTab();
    await userEvent.type(field, 'http://10.0.0.1/');
    await userEvent.click(summarizePageButton());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(store.getState().session.user?.credits).toBe(3);
    // Another address is another cause: the message goes.
    await userEvent.type(field, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SummarizePage: a file read as it streams', () => {
  async function chooseFile(file: File) {
    await userEvent.click(screen.getByRole('tab', { name: 'Upload File' }));
    const input = screen.getByLabelText('Choose a file to summarize') as HTMLInputElement;
    await userEvent.upload(input, file);
  }

  it('shows the reading, OCR page by page and summarizing, then the words and the OCR notice', async () => {
    const stream = streamedResponse();
    const seen: SeenRequest[] = [];
    setup((request) => {
      seen.push(request);
      return stream.response;
    }, 3);
    await chooseFile(new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload & Summarize' }));
    expect(seen[0]?.path).toBe('/api/summaries/upload/stream');
    expect(seen[0]?.body).toBeInstanceOf(FormData);

    const bar = () => within(streamRegion()).getByRole('progressbar', { name: 'Reading the file' });
    expect(bar()).toHaveAttribute('aria-valuetext', 'Sending the file…');
    act(() => stream.push(sseEvent('progress', { stage: 'reading' })));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', 'Reading the document…'));
    act(() => stream.push(sseEvent('progress', { stage: 'ocr', page: 3, pages: 10 })));
    await waitFor(() =>
      expect(bar()).toHaveAttribute('aria-valuetext', 'Reading page 3 of 10 by OCR…'),
    );
    expect(screen.getByText('Reading page 3 of 10 by OCR…')).toBeVisible();
    act(() => stream.push(sseEvent('progress', { stage: 'summarizing' })));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuetext', 'Summarizing…'));
    act(() => stream.push(sseEvent('delta', { text: 'A scanned report' })));
    expect((await screen.findByTestId('streamed-summary')).textContent).toBe('A scanned report');

    act(() => {
      stream.push(
        sseEvent('done', {
          summary: makeSummary({ id: 'scan', source: 'pdf', fileName: 'scan.pdf', ocr: true }),
          updatedCredits: 2,
        }),
      );
      stream.close();
    });
    const heading = await screen.findByRole('heading', { name: 'Your summary' }, LAZY_RESULT);
    const result = heading.closest('.ru-result') as HTMLElement;
    expect(
      within(result).getByText('Read from a scan: check names and numbers against the original'),
    ).toBeVisible();
    expect(within(result).queryByRole('link')).toBeNull();
  });

  it('Stop cancels the upload: nothing charged, no error, the file kept', async () => {
    const stream = streamedResponse();
    const { store } = setup(() => stream.response, 3);
    await chooseFile(new File(['x'], 'page-01.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload & Summarize' }));
    act(() => stream.push(sseEvent('progress', { stage: 'ocr', page: 1, pages: 1 })));
    await userEvent.click(within(streamRegion()).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(stream.cancelled).toBe(true));
    expect(screen.getByRole('region', { name: 'Stopped. Nothing was charged.' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('page-01.png')).toBeVisible();
    expect(store.getState().session.user?.credits).toBe(3);
  });

  it("an error event while reading shows the server's message", async () => {
    const stream = streamedResponse();
    setup(() => stream.response, 3);
    await chooseFile(new File(['x'], 'blank.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload & Summarize' }));
    act(() => {
      stream.push(sseEvent('progress', { stage: 'ocr', page: 1, pages: 1 }));
      stream.push(sseEvent('error', { code: 'NO_TEXT', message: 'The scan has no text to read' }));
      stream.close();
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    expect(screen.getByRole('alert').textContent).toBe('The scan has no text to read');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
