import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from 'common/api-client';
import {
  jsonResponse,
  makeUser,
  renderWithProviders,
  storeSession,
  stubFetch,
} from 'common/testing';
import type { SeenRequest } from 'common/testing';
import { makeSummary, ok } from '../testing/summary-fixtures';
import { ShareButton } from './share-button';
import { viewsLabel } from './share-dialog';

beforeAll(async () => {
  await import('./share-dialog');
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const SHARE = {
  token: TOKEN,
  url: `/s/${TOKEN}`,
  createdAt: '2026-03-10T09:00:00.000Z',
  views: 3,
};

function setup(handler: (request: SeenRequest) => Response) {
  storeSession(makeUser());
  const fetchMock = stubFetch(handler);
  renderWithProviders({
    initialEntry: '/',
    routes: [{ path: '/', element: <ShareButton summary={makeSummary({ id: 's1' })} /> }],
  });
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  configureApi({ baseUrl: '', onUnauthorized: () => undefined });
});

describe('ShareButton', () => {
  it('makes the link on opening and shows it with Copy link and the view count', async () => {
    const seen: SeenRequest[] = [];
    setup((request) => {
      seen.push(request);
      return jsonResponse(ok({ share: SHARE }), 201);
    });
    const button = screen.getByRole('button', { name: 'Share' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Share a read-only link' });
    const link = await within(dialog).findByRole('textbox', { name: 'Link' });
    expect(link).toHaveValue(`${window.location.origin}/s/${TOKEN}`);
    expect(link).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(within(dialog).getByText('Viewed 3 times')).toBeVisible();
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/summaries/s1/share',
    ]);
  });

  it('stops sharing at once and says the link no longer works', async () => {
    const seen: string[] = [];
    setup((request) => {
      seen.push(`${request.method} ${request.path}`);
      return request.method === 'DELETE'
        ? jsonResponse(ok({ share: null }))
        : jsonResponse(ok({ share: SHARE }), 201);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share a read-only link' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Stop sharing' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Sharing stopped. The link no longer works.',
    );
    expect(within(dialog).queryByRole('textbox', { name: 'Link' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Stop sharing' })).toBeNull();
    expect(seen).toEqual(['POST /api/summaries/s1/share', 'DELETE /api/summaries/s1/share']);
  });

  it('says so in words when the link cannot be made', async () => {
    setup(() =>
      jsonResponse({ success: false, code: 'NOT_FOUND', message: 'Summary not found' }, 404),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share a read-only link' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/not found/i);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it('closes with Close and gives focus back to Share', async () => {
    setup(() => jsonResponse(ok({ share: SHARE }), 201));
    const button = screen.getByRole('button', { name: 'Share' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Share a read-only link' });
    await within(dialog).findByRole('textbox', { name: 'Link' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});

describe('viewsLabel', () => {
  it('counts in words', () => {
    expect(viewsLabel(0)).toBe('Viewed 0 times');
    expect(viewsLabel(1)).toBe('Viewed 1 time');
  });
});
