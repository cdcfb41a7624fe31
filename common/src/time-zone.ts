/**
 * The reader's IANA time zone, for counts by calendar day (the dashboard's chart).
 *
 * Asking `Intl` for it is the first `Intl` call of a page and loads the browser's time-zone data:
 * a 381 ms task on a throttled phone when the dashboard did it during its first render. So it is
 * asked while the sign-in request is in flight (`rememberTimeZone`), kept in local storage, and
 * asked again when the page is hidden (`refreshTimeZoneWhenHidden`), in case the reader travels.
 */
export const TIME_ZONE_STORAGE_KEY = 'brevity.timeZone';

// What an IANA name can hold: `Europe/Paris`, `America/Argentina/Buenos_Aires`, `Etc/GMT+3`.
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** What the browser says the time zone is; UTC when it won't say. */
export function detectTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Asks the browser for the time zone now and keeps the answer for `readerTimeZone`. */
export function rememberTimeZone(): void {
  try {
    storage()?.setItem(TIME_ZONE_STORAGE_KEY, detectTimeZone());
  } catch {
    // Storage refused: readerTimeZone asks the browser instead.
  }
}

/** The remembered time zone, or the browser's answer when none (or a malformed one) is kept. */
export function readerTimeZone(): string {
  let stored: string | null = null;
  try {
    stored = storage()?.getItem(TIME_ZONE_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return stored && TIME_ZONE_NAME.test(stored) ? stored : detectTimeZone();
}

/** Remembers the time zone again each time the page is hidden; returns the unsubscribe. */
export function refreshTimeZoneWhenHidden(): () => void {
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') rememberTimeZone();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => document.removeEventListener('visibilitychange', onVisibilityChange);
}
