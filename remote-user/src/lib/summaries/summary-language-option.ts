import { SAME_AS_DOCUMENT } from 'common/summary-language';

/*
 * The Summary language choice (issue 30): `auto` ("Same as the document") or an ISO 639-1 code
 * from GET /api/config `languages`, sent as `language`.
 */

/** A remembered choice that may still be sent: `auto` or a two-letter code. */
export function isLanguageChoice(value: unknown): value is string {
  return typeof value === 'string' && (value === SAME_AS_DOCUMENT || /^[a-z]{2}$/u.test(value));
}

/**
 * The language a Re-prompt starts from: the one the summary was asked in (the document's own
 * when none was), else the remembered choice (a summary from an API without languages).
 */
export function repromptLanguage(
  summary: { requestedLanguage?: string | null | undefined },
  fallback: string,
): string {
  if (summary.requestedLanguage === undefined) return fallback;
  return summary.requestedLanguage ?? SAME_AS_DOCUMENT;
}

/** The choice among the languages the server offers; an unknown code falls back to `auto`. */
export function offeredLanguage(choice: string, offered: readonly { code: string }[]): string {
  return offered.some((language) => language.code === choice) ? choice : SAME_AS_DOCUMENT;
}
