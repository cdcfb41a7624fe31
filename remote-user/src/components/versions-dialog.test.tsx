import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from 'common/api-client';
import { useAppSelector } from 'common/store';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { createSummary, selectCurrentSummary } from '../features/summarize/workbench-slice';
import { makeSummary, ok } from '../testing/summary-fixtures';
import { FALLBACK_REASON_TEXT, UNKNOWN_FALLBACK_TEXT } from '../lib/summaries/summary';
import type { SummaryVersion } from '../lib/summaries/summary';
import { Toaster } from 'common/ui/toast';
import { VersionsButton } from './versions-button';

// The page loads these lazily (issue 12); loading them once here keeps the tests' waits about
// the page rather than the first transform of a module on a busy machine.
beforeAll(async () => {
  await import('./versions-dialog');
});

function version(
  number: number,
  text: string,
  extra: Partial<SummaryVersion> = {},
): SummaryVersion {
  return {
    version: number,
    summarizedContent: text,
    customPrompt: null,
    length: 'medium',
    format: 'paragraph',
    aiModel: 'brevity-local',
    isFallback: true,
    language: 'en',
    createdAt: `2026-03-1${number}T09:00:00.000Z`,
    editedBy: null,
    ...extra,
  };
}

const VERSIONS = [
  version(3, 'The cat sat on the red mat today.', {
    customPrompt: 'Mention the colour',
    length: 'long',
    format: 'bullets',
  }),
  version(2, 'The cat sat on a mat.', { editedBy: { id: 'e1', name: 'Eve Editor' } }),
  version(1, 'The dog sat on the mat.', {
    length: 'short',
    isFallback: false,
    aiModel: 'gemini-2.5-flash',
  }),
];

function CurrentText() {
  const summary = useAppSelector(selectCurrentSummary);
  return <p data-testid="current">{summary?.summarizedContent}</p>;
}

function setup(
  handler: (request: SeenRequest) => Response,
  current: Partial<Parameters<typeof makeSummary>[0]> = {},
) {
  storeSession(makeUser());
  const fetchMock = stubFetch(handler);
  const summary = makeSummary({
    id: 's1',
    summarizedContent: VERSIONS[0]?.summarizedContent,
    version: 3,
    ...current,
  });
  const view = renderWithProviders({
    initialEntry: '/',
    routes: [
      {
        path: '/',
        element: (
          <>
            <VersionsButton summary={summary} />
            <CurrentText />
            <Toaster />
          </>
        ),
      },
    ],
  });
  view.store.dispatch(
    createSummary.fulfilled({ summary, updatedCredits: 5 }, 'seed', { content: '' }),
  );
  return { ...view, fetchMock };
}

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('VersionsButton', () => {
  it('lists every version with its number, date, prompt, length, format, model and editor', async () => {
    setup(() => jsonResponse(ok({ versions: VERSIONS })));
    await userEvent.click(screen.getByRole('button', { name: 'Versions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [newest, middle, oldest] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(newest).getByText('Version 3')).toBeVisible();
    expect(within(newest).getByText('Current')).toBeVisible();
    expect(within(newest).getByText('Mention the colour')).toBeVisible();
    expect(within(newest).getByText('Long')).toBeVisible();
    expect(within(newest).getByText('Bullet points')).toBeVisible();
    expect(within(newest).getByText('Quick Summary')).toBeVisible();
    expect(within(newest).queryByRole('button', { name: /Restore/ })).toBeNull();
    expect(within(middle).getByText('Eve Editor')).toBeVisible();
    expect(within(oldest).getByText('Short')).toBeVisible();
    expect(within(oldest).getByText('gemini-2.5-flash')).toBeVisible();
    expect(within(oldest).getByText('Mar 11, 2026', { exact: false })).toBeVisible();
  });

  it('says why each Quick Summary was made: the current one with its reason, older ones in general words', async () => {
    setup(() => jsonResponse(ok({ versions: VERSIONS })), {
      isFallback: true,
      fallbackReason: 'rate_limited',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Versions' }));
    const dialog = screen.getByRole('dialog', { name: 'Versions' });
    const [newest, middle, oldest] = (await within(dialog).findAllByRole('listitem')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(newest).getByText(FALLBACK_REASON_TEXT.rate_limited)).toBeVisible();
    // Versions keep no reason of their own.
    expect(within(middle).getByText(UNKNOWN_FALLBACK_TEXT)).toBeVisible();
    expect(within(oldest).queryByText(UNKNOWN_FALLBACK_TEXT)).toBeNull();
  });

  it('compares any two versions side by side with the changed words marked', async () => {
    setup(() => jsonResponse(ok({ versions: VERSIONS })));
    await userEvent.click(screen.getByRole('button', { name: 'Versions' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Compare version 3' }));
    expect(screen.getByText('Choose two versions to compare them.')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare version 1' }));
    const comparison = screen.getByRole('region', { name: 'Version 1 and version 3 compared' });
    const removed = Array.from(comparison.querySelectorAll('del')).map((node) => node.textContent);
    const added = Array.from(comparison.querySelectorAll('ins')).map((node) => node.textContent);
    expect(removed.join(' ')).toContain('dog');
    expect(added.join(' ')).toContain('cat');
    expect(added.join(' ')).toContain('red');
    expect(added.join(' ')).toContain('today');
    // A third choice replaces the oldest one.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare version 2' }));
    expect(
      (screen.getByRole('checkbox', { name: 'Compare version 3' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(screen.getByRole('region', { name: 'Version 1 and version 2 compared' })).toBeVisible();
  });

  it('Restore makes the old version current as a new one, closes the dialog and says so in a toast', async () => {
    const restored = makeSummary({
      id: 's1',
      summarizedContent: 'The dog sat on the mat.',
      version: 4,
    });
    const seen: string[] = [];
    setup((request) => {
      seen.push(`${request.method} ${request.path}`);
      if (request.method === 'POST') return jsonResponse(ok({ summary: restored }));
      return jsonResponse(ok({ versions: VERSIONS }));
    });
    const opener = screen.getByRole('button', { name: 'Versions' });
    await userEvent.click(opener);
    const oldest = (await screen.findAllByRole('listitem'))[2] as HTMLElement;
    await userEvent.click(within(oldest).getByRole('button', { name: 'Restore version 1' }));
    // Issue 26: the toast is not left under the modal; the dialog closes and focus goes back.
    const toast = await screen.findByText(
      'Version 1 restored as version 4. Review status: Pending review.',
    );
    expect(screen.queryByRole('dialog', { name: 'Versions' })).toBeNull();
    expect(opener).toHaveFocus();
    // Announced by the page's live region.
    expect(toast.closest('[aria-live]')).not.toBeNull();
    expect(screen.getByText('Restored')).toBeVisible();
    expect(seen).toEqual([
      'GET /api/summaries/s1/versions',
      'POST /api/summaries/s1/versions/1/restore',
    ]);
    expect(screen.getByTestId('current').textContent).toBe('The dog sat on the mat.');
  });

  it('shows 20 versions a page: Show older versions adds the next page until there is none', async () => {
    const pager = (page: number, hasNextPage: boolean) => ({
      currentPage: page,
      totalPages: 2,
      totalSummaries: 22,
      total: 22,
      hasNextPage,
      hasPrevPage: page > 1,
    });
    const newest = Array.from({ length: 20 }, (_, index) =>
      version(52 - index, `Text ${52 - index}.`),
    );
    const oldest = [
      version(3, 'Edited text.', { editedBy: { id: 'e1', name: 'Eve Editor' } }),
      version(1, 'First text.'),
    ];
    const seen: string[] = [];
    setup(
      (request) => {
        seen.push(request.path);
        return request.path.endsWith('?page=2')
          ? jsonResponse(ok({ versions: oldest, pagination: pager(2, false) }))
          : jsonResponse(ok({ versions: newest, pagination: pager(1, true) }));
      },
      { version: 52 },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Versions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versions' });
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show older versions' }));
    expect(await within(dialog).findByText('Version 1')).toBeVisible();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(22);
    expect(within(dialog).getByText('Eve Editor')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Show older versions' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Restore version 1' })).toBeVisible();
    expect(seen).toEqual(['/api/summaries/s1/versions', '/api/summaries/s1/versions?page=2']);
  });

  it("shows the server's message when the versions cannot be read", async () => {
    setup(() =>
      jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Summary not found' }, 404),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Versions' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Summary not found');
    expect(screen.queryByRole('list', { name: /versions/i })).toBeNull();
  });
});

describe('VersionComparison (issue 26)', () => {
  it('compares the texts without their Markdown markers', async () => {
    const { VersionComparison } = await import('./versions-dialog');
    renderWithProviders({
      routes: [
        {
          path: '/',
          element: (
            <VersionComparison
              older={version(1, '- **Revenue** grew.\n- Costs fell.', { format: 'bullets' })}
              newer={version(2, '- **Revenue** grew fast.\n- Costs fell.', { format: 'bullets' })}
            />
          ),
        },
      ],
    });
    const comparison = screen.getByRole('region', { name: 'Version 1 and version 2 compared' });
    expect(comparison.textContent).not.toMatch(/\*\*|(^|\n)- /);
    // The sentence diff (summary-diff.ts) keeps the space before an added word in the insertion.
    expect(
      Array.from(comparison.querySelectorAll('ins')).map((node) => node.textContent?.trim()),
    ).toEqual(['fast']);
    expect(comparison.querySelectorAll('del')).toHaveLength(0);
  });
});
