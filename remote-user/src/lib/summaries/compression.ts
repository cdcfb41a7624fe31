type Count = number | null | undefined;

/**
 * The compression ratio in words: the API's whole percent, except when the summary is under 1 %
 * of the document's length, where a whole percent reads `100%` (a 3,602-word document in 12
 * words): then one decimal, never 100 while the summary has a word. Null when unknown.
 */
export function formatCompression(
  ratio: Count,
  originalWords: Count,
  summaryWords: Count,
): string | null {
  if (
    typeof originalWords === 'number' &&
    typeof summaryWords === 'number' &&
    originalWords > 0 &&
    summaryWords > 0 &&
    summaryWords < originalWords / 100
  ) {
    const exact = 100 * (1 - summaryWords / originalWords);
    return `${Math.min(99.9, Math.round(exact * 10) / 10).toFixed(1)}%`;
  }
  return typeof ratio === 'number' ? `${ratio}%` : null;
}
