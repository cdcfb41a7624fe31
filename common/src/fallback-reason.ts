/*
 * Why a summary is a Quick Summary, in words (API.md `fallbackReason`): one wording for every
 * place that shows the `Quick Summary` badge, the reader's and the staff's.
 */

/** The badge text of a summary: the local summarizer's are Quick Summaries. */
export function summaryKindLabel(summary: { isFallback?: boolean | undefined }): string {
  return summary.isFallback ? 'Quick Summary' : 'AI Generated';
}

/** Why the local summarizer answered instead of Gemini (API.md `fallbackReason`). */
export type FallbackReason =
  'not_configured' | 'rate_limited' | 'unavailable' | 'timeout' | 'blocked' | 'incomplete';

const QUICK_SUMMARY = "Brevity made a quick summary from the document's key sentences";

/** Each reason in words, as the badge's tooltip and the result card say it. */
export const FALLBACK_REASON_TEXT: Record<FallbackReason, string> = {
  rate_limited: `The AI service is busy, so ${QUICK_SUMMARY}.`,
  // What it means for the reader, not how the server is configured (issue 26).
  not_configured: `AI summaries are not available here, so ${QUICK_SUMMARY}.`,
  unavailable: `The AI service could not be reached, so ${QUICK_SUMMARY}.`,
  timeout: `The AI service took too long to answer, so ${QUICK_SUMMARY}.`,
  blocked: `The AI service declined to summarize this text, so ${QUICK_SUMMARY}.`,
  incomplete: `The AI service gave an incomplete answer, so ${QUICK_SUMMARY}.`,
};

/** Said of a Quick Summary whose reason is not known (made before reasons were kept). */
export const UNKNOWN_FALLBACK_TEXT = `${QUICK_SUMMARY}.`;

export function isFallbackReason(value: unknown): value is FallbackReason {
  return typeof value === 'string' && Object.hasOwn(FALLBACK_REASON_TEXT, value);
}

/** What a summary tells of its kind: whether it is a Quick Summary, and why. */
export interface SummaryKind {
  isFallback?: boolean | undefined;
  fallbackReason?: string | null | undefined;
}

/** Why a Quick Summary was made, in words; null for an AI summary. */
export function fallbackExplanation(summary: SummaryKind): string | null {
  if (!summary.isFallback) return null;
  return isFallbackReason(summary.fallbackReason)
    ? FALLBACK_REASON_TEXT[summary.fallbackReason]
    : UNKNOWN_FALLBACK_TEXT;
}
