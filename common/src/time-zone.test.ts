import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TIME_ZONE_STORAGE_KEY,
  readerTimeZone,
  refreshTimeZoneWhenHidden,
  rememberTimeZone,
} from './time-zone';

function stubBrowserTimeZone(timeZone: string) {
  const resolvedOptions = vi.fn(() => ({ timeZone }) as Intl.ResolvedDateTimeFormatOptions);
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
    () => ({ resolvedOptions }) as unknown as Intl.DateTimeFormat,
  );
  return resolvedOptions;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  setVisibility('visible');
});

describe('readerTimeZone', () => {
  it('uses the remembered zone without asking the browser', () => {
    stubBrowserTimeZone('Asia/Tokyo');
    rememberTimeZone();
    const resolvedOptions = stubBrowserTimeZone('Europe/Paris');
    expect(readerTimeZone()).toBe('Asia/Tokyo');
    expect(resolvedOptions).not.toHaveBeenCalled();
  });

  it('asks the browser when nothing, or something malformed, is remembered', () => {
    stubBrowserTimeZone('America/Argentina/Buenos_Aires');
    expect(readerTimeZone()).toBe('America/Argentina/Buenos_Aires');
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, '"; drop table');
    expect(readerTimeZone()).toBe('America/Argentina/Buenos_Aires');
  });

  it('falls back to UTC when the browser will not say', () => {
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no ICU');
    });
    expect(readerTimeZone()).toBe('UTC');
  });
});

describe('refreshTimeZoneWhenHidden', () => {
  it('remembers the zone again when the page is hidden, until unsubscribed', () => {
    stubBrowserTimeZone('Asia/Tokyo');
    rememberTimeZone();
    stubBrowserTimeZone('Europe/Lisbon');
    const stop = refreshTimeZoneWhenHidden();
    setVisibility('visible');
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('Asia/Tokyo');
    setVisibility('hidden');
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('Europe/Lisbon');
    stop();
    stubBrowserTimeZone('Africa/Cairo');
    setVisibility('hidden');
    expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe('Europe/Lisbon');
  });
});
