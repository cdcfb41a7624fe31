/** Why summaries are not coming from Gemini as configured. */
export type DegradedReason = 'key_rejected' | 'rate_limited' | 'unavailable';

/**
 * How the summarizer is doing, for /api/ready and the metrics. `ok` when Gemini answers (or no
 * key is set: the local summarizer is then the engine by design); `degraded` while a
 * configured Gemini cannot answer and readers get Quick Summaries.
 */
export interface SummarizerHealth {
  status: 'ok' | 'degraded';
  /** What writes the summaries when all is well. */
  engine: 'gemini' | 'local';
  /** Why it is degraded; null when ok. */
  reason: DegradedReason | null;
  /** In words: "ok", "degraded: Gemini key rejected", "degraded: Gemini rate-limited"… */
  description: string;
  /** Until Gemini is tried again (rate limit or outage), in ms; 0 otherwise. */
  retryAfterMs: number;
}

const DEGRADED_WORDS: Record<DegradedReason, string> = {
  key_rejected: 'Gemini key rejected',
  rate_limited: 'Gemini rate-limited',
  unavailable: 'Gemini unavailable',
};

/** A health report: ok without a reason, degraded with one. */
export function healthOf(
  engine: SummarizerHealth['engine'],
  reason: DegradedReason | null,
  retryAfterMs = 0,
): SummarizerHealth {
  return reason === null
    ? { status: 'ok', engine, reason: null, description: 'ok', retryAfterMs: 0 }
    : {
        status: 'degraded',
        engine,
        reason,
        description: `degraded: ${DEGRADED_WORDS[reason]}`,
        retryAfterMs,
      };
}
