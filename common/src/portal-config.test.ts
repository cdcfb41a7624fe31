import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api-client';
import {
  DEFAULT_PORTAL_CONFIG,
  adoptPortalConfig,
  currentPortalConfig,
  getPortalConfig,
  primePortalConfig,
  resetPortalConfig,
  toPortalConfig,
} from './portal-config';
import { jsonResponse, networkFailure, stubFetch } from 'common/testing';

describe('portal config', () => {
  beforeEach(() => {
    resetPortalConfig();
    configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches GET /api/config once and shares the answer', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({
        success: true,
        data: {
          demo: { email: 'demo@brevity.test', password: 'demo1234' },
          maxChars: 50000,
          maxFileBytes: 10485760,
          model: 'Gemini 1.5 Flash',
          remotes: { admin: 'https://cdn.example.test/admin/' },
        },
      }),
    );
    const [first, second] = await Promise.all([getPortalConfig(), getPortalConfig()]);
    expect(first).toBe(second);
    expect(await getPortalConfig()).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/config');
    expect(first.demo).toEqual({ email: 'demo@brevity.test', password: 'demo1234' });
    expect(first.remotes).toEqual({
      user: '/remotes/user/',
      admin: 'https://cdn.example.test/admin/',
      editor: '/remotes/editor/',
      reviewer: '/remotes/reviewer/',
    });
  });

  it('forgets a failed fetch so the next call retries', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      if (calls === 1) throw networkFailure('offline');
      return jsonResponse({ success: true, data: { demo: null } });
    });
    await expect(getPortalConfig()).rejects.toMatchObject({ message: 'Network error: offline' });
    await expect(getPortalConfig()).resolves.toEqual(DEFAULT_PORTAL_CONFIG);
  });

  it('keeps defaults for missing or malformed fields', () => {
    expect(toPortalConfig(undefined)).toEqual(DEFAULT_PORTAL_CONFIG);
    expect(
      toPortalConfig({ demo: { email: 'x' }, maxChars: -1, model: '', remotes: { user: 42 } }),
    ).toEqual(DEFAULT_PORTAL_CONFIG);
  });

  it('reads the file types, the document limit and web page sources', () => {
    const config = toPortalConfig({
      maxChars: 50_000,
      maxDocumentChars: 500_000,
      fileTypes: ['.txt', '.PDF', 'png', 7, '.webp'],
      urlSources: true,
    });
    expect(config.fileTypes).toEqual(['.txt', '.pdf', '.webp']);
    expect(config.maxDocumentChars).toBe(500_000);
    expect(config.urlSources).toBe(true);
    // An older server says nothing of them: the defaults, and no web pages.
    const older = toPortalConfig({ maxChars: 50_000 });
    expect(older.fileTypes).toEqual(DEFAULT_PORTAL_CONFIG.fileTypes);
    expect(older.urlSources).toBe(false);
    expect(toPortalConfig({ fileTypes: [] }).fileTypes).toEqual(DEFAULT_PORTAL_CONFIG.fileTypes);
  });

  it('tells the configuration at once once it has arrived, the defaults before', async () => {
    stubFetch(() => jsonResponse({ success: true, data: { urlSources: true } }));
    expect(currentPortalConfig()).toBe(DEFAULT_PORTAL_CONFIG);
    const config = await getPortalConfig();
    expect(currentPortalConfig()).toBe(config);
    primePortalConfig({ ...DEFAULT_PORTAL_CONFIG, fileTypes: ['.txt'] });
    expect(currentPortalConfig().fileTypes).toEqual(['.txt']);
    expect((await getPortalConfig()).fileTypes).toEqual(['.txt']);
  });

  it('adopts a config answer already on its way instead of asking again', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, data: {} }));
    adoptPortalConfig(
      Promise.resolve({
        success: true,
        data: { remotes: { user: 'https://cdn.example.test/u/' } },
      }),
    );
    const config = await getPortalConfig();
    expect(config.remotes.user).toBe('https://cdn.example.test/u/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server itself when the adopted answer failed or was no success', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ success: true, data: { model: 'From the server' } }),
    );
    adoptPortalConfig(Promise.reject(new Error('503')));
    expect((await getPortalConfig()).model).toBe('From the server');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    resetPortalConfig();
    adoptPortalConfig(Promise.resolve({ success: false, code: 'X' }));
    expect((await getPortalConfig()).model).toBe('From the server');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps a config it already has', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ success: true, data: { model: 'First' } }));
    const first = await getPortalConfig();
    adoptPortalConfig(Promise.resolve({ success: true, data: { model: 'Later' } }));
    expect(await getPortalConfig()).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
