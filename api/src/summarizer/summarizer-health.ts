/** Why summaries are not coming from Gemini as configured. */
export type DegradedReason = 'key_rejected' | 'rate_limited' | 'unavailable';

/** The state of the circuit breaker in front of one Gemini model (see CircuitBreaker). */
export interface ModelCircuit {
  model: string;
  state: 'closed' | 'open' | 'half_open';
  /** Why it is open or half-open; null when closed. */
  reason: 'rate_limited' | 'unavailable' | null;
  /** Until it lets a probe through, in ms (0 when closed or now). */
  retryAfterMs: number;
}

/** The last time Gemini refused the key, while it still does. */
export interface KeyRejection {
  /** HTTP status of the refusal (400, 401, 403), when known. */
  status: number | null;
  /** When, ISO 8601. */
  at: string;
}

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
  /** What an operator can do about it, in words; null when ok. */
  action: string | null;
  /** Until Gemini is tried again (rate limit or outage), in ms; 0 otherwise. */
  retryAfterMs: number;
  /** The circuit breaker of each Gemini model (none without a key). */
  circuits: ModelCircuit[];
  /** Gemini's last refusal of the key, while it lasts; null otherwise. */
  keyRejection: KeyRejection | null;
}

const DEGRADED_WORDS: Record<DegradedReason, string> = {
  key_rejected: 'Gemini key rejected',
  rate_limited: 'Gemini rate-limited',
  unavailable: 'Gemini unavailable',
};

/** How to fix a rejected key; also in the error logged when it happens. */
export const KEY_REJECTED_ACTION =
  'Set GEMINI_API_KEY to a valid key (https://aistudio.google.com/apikey) whose project may use ' +
  'the Generative Language API, then restart the server.';

const DEGRADED_ACTIONS: Record<DegradedReason, string> = {
  key_rejected: KEY_REJECTED_ACTION,
  rate_limited:
    'Gemini asked Brevity to slow down: summaries are Quick Summaries until its cool-down ends. ' +
    'If this lasts, raise the quota of the key’s project.',
  unavailable:
    'Gemini is failing or cannot be reached: summaries are Quick Summaries until a probe ' +
    'request succeeds. If this lasts, check GEMINI_BASE_URL, the network and Google’s status page.',
};

/** A health report: ok without a reason, degraded with one. */
export function healthOf(
  engine: SummarizerHealth['engine'],
  reason: DegradedReason | null,
  retryAfterMs = 0,
  details: { circuits?: ModelCircuit[]; keyRejection?: KeyRejection | null } = {},
): SummarizerHealth {
  const circuits = details.circuits ?? [];
  const keyRejection = details.keyRejection ?? null;
  return reason === null
    ? {
        status: 'ok',
        engine,
        reason: null,
        description: 'ok',
        action: null,
        retryAfterMs: 0,
        circuits,
        keyRejection,
      }
    : {
        status: 'degraded',
        engine,
        reason,
        description: `degraded: ${DEGRADED_WORDS[reason]}`,
        action: DEGRADED_ACTIONS[reason],
        retryAfterMs,
        circuits,
        keyRejection,
      };
}
