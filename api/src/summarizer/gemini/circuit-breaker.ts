/**
 * A small circuit breaker for one provider model, shared by all requests of a summarizer.
 *
 * - Closed: calls go through. A 429 opens it at once for the server's `retryDelay` (or the
 *   cool-down when it gave none); `failureThreshold` failures in a row (5xx, unreachable,
 *   timed out) open it for the cool-down.
 * - Open: calls are refused with the reason (`rate_limited` / `unavailable`), so requests go
 *   straight to the local summarizer instead of each backing off alone.
 * - Half-open, once the wait is over: the next call is the probe; others are refused until it
 *   ends. A probe that succeeds closes the breaker; one that fails opens it again.
 *
 * "Success" means the provider answered (even with an answer we refuse: blocked, cut short,
 * malformed): it is reachable and not rate-limiting. A call that ended for another reason (the
 * caller left) settles as `released`: a probe's turn passes to the next call.
 */

export type BreakerReason = 'rate_limited' | 'unavailable';
export type BreakerState = 'closed' | 'open' | 'half_open';
export type CallOutcome = 'success' | BreakerReason | 'released';

export interface CircuitBreakerOptions {
  /** Failures in a row (5xx, unreachable, time-out) that open the breaker (default 5). */
  failureThreshold?: number | undefined;
  /** How long it stays open after failures, or after a 429 without retryDelay (default 10 s). */
  cooldownMs?: number | undefined;
  /** Longest wait a server's retryDelay may impose (default 5 min). */
  maxCooldownMs?: number | undefined;
  /** The clock, in ms; tests may replace it. */
  now?: (() => number) | undefined;
}

export type Permit =
  | { allowed: true; probe: boolean }
  | { allowed: false; reason: BreakerReason; retryAfterMs: number };

export interface BreakerStatus {
  state: BreakerState;
  /** Why it is open or half-open; null when closed. */
  reason: BreakerReason | null;
  /** Until it lets a probe through (0 when it would now). */
  retryAfterMs: number;
}

const DEFAULT_FAILURE_THRESHOLD = 5;
const DEFAULT_COOLDOWN_MS = 10_000;
const DEFAULT_MAX_COOLDOWN_MS = 5 * 60_000;
/** Timers may fire a millisecond before the clock says the wait is over. */
const CLOCK_TOLERANCE_MS = 2;

export class CircuitBreaker {
  private state: BreakerState = 'closed';
  private reason: BreakerReason | null = null;
  private openUntil = 0;
  private failures = 0;
  private probeInFlight = false;
  private readonly failureThreshold: number;
  private readonly cooldownMs: number;
  private readonly maxCooldownMs: number;
  private readonly now: () => number;

  constructor(options: CircuitBreakerOptions = {}) {
    this.failureThreshold = Math.max(1, options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD);
    this.cooldownMs = options.cooldownMs ?? DEFAULT_COOLDOWN_MS;
    this.maxCooldownMs = options.maxCooldownMs ?? DEFAULT_MAX_COOLDOWN_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** Whether a call may go out now, and whether it is the probe. Settle every permitted call. */
  permit(): Permit {
    if (this.state === 'closed') return { allowed: true, probe: false };
    const wait = this.openUntil - this.now();
    if (this.state === 'open' && wait <= CLOCK_TOLERANCE_MS) this.state = 'half_open';
    if (this.state === 'half_open' && !this.probeInFlight) {
      this.probeInFlight = true;
      return { allowed: true, probe: true };
    }
    return {
      allowed: false,
      reason: this.reason ?? 'unavailable',
      retryAfterMs: Math.max(0, Math.round(wait)),
    };
  }

  /** How a permitted call ended; `retryAfterMs` is a 429's retryDelay. */
  settle(permit: { probe: boolean }, outcome: CallOutcome, retryAfterMs?: number): void {
    if (permit.probe) this.probeInFlight = false;
    switch (outcome) {
      case 'released':
        return;
      case 'success':
        // A late answer to a call made before the breaker opened does not close it.
        if (this.state === 'open') return;
        this.state = 'closed';
        this.reason = null;
        this.failures = 0;
        return;
      case 'rate_limited':
        this.open('rate_limited', Math.min(this.maxCooldownMs, retryAfterMs ?? this.cooldownMs));
        return;
      case 'unavailable':
        this.failures++;
        if (permit.probe || this.state !== 'closed' || this.failures >= this.failureThreshold) {
          this.open('unavailable', this.cooldownMs);
        }
        return;
    }
  }

  status(): BreakerStatus {
    const wait = Math.max(0, Math.round(this.openUntil - this.now()));
    if (this.state === 'closed') return { state: 'closed', reason: null, retryAfterMs: 0 };
    return {
      state: this.state === 'open' && wait <= CLOCK_TOLERANCE_MS ? 'half_open' : this.state,
      reason: this.reason,
      retryAfterMs: wait,
    };
  }

  private open(reason: BreakerReason, forMs: number): void {
    const until = this.now() + forMs;
    // A rate limit outranks an outage; a longer wait outranks a shorter one.
    if (this.state === 'open' && this.reason === 'rate_limited' && reason === 'unavailable') {
      this.openUntil = Math.max(this.openUntil, until);
      return;
    }
    this.state = 'open';
    this.reason = reason;
    this.openUntil = Math.max(until, this.openUntil);
  }
}
