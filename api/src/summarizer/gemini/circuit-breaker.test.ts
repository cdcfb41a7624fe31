import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('CircuitBreaker', () => {
  it('opens at once on a rate limit for the server’s delay, then lets exactly one probe through', () => {
    const time = clock();
    const breaker = new CircuitBreaker({ now: time.now, cooldownMs: 10_000 });
    const call = breaker.permit();
    expect(call).toEqual({ allowed: true, probe: false });
    breaker.settle({ probe: false }, 'rate_limited', 37_000);
    expect(breaker.permit()).toEqual({
      allowed: false,
      reason: 'rate_limited',
      retryAfterMs: 37_000,
    });
    time.advance(37_000);
    expect(breaker.status()).toMatchObject({ state: 'half_open', reason: 'rate_limited' });
    const probe = breaker.permit();
    expect(probe).toEqual({ allowed: true, probe: true });
    expect(breaker.permit()).toMatchObject({ allowed: false, reason: 'rate_limited' });
    breaker.settle({ probe: true }, 'success');
    expect(breaker.status()).toEqual({ state: 'closed', reason: null, retryAfterMs: 0 });
    expect(breaker.permit()).toEqual({ allowed: true, probe: false });
  });

  it('opens after the threshold of failures in a row; a success in between resets the count', () => {
    const time = clock();
    const breaker = new CircuitBreaker({ now: time.now, failureThreshold: 3, cooldownMs: 1_000 });
    breaker.settle({ probe: false }, 'unavailable');
    breaker.settle({ probe: false }, 'unavailable');
    breaker.settle({ probe: false }, 'success');
    breaker.settle({ probe: false }, 'unavailable');
    breaker.settle({ probe: false }, 'unavailable');
    expect(breaker.status().state).toBe('closed');
    breaker.settle({ probe: false }, 'unavailable');
    expect(breaker.permit()).toEqual({
      allowed: false,
      reason: 'unavailable',
      retryAfterMs: 1_000,
    });
    // A failed probe opens it again; a released one passes the turn on.
    time.advance(1_000);
    expect(breaker.permit()).toEqual({ allowed: true, probe: true });
    breaker.settle({ probe: true }, 'unavailable');
    expect(breaker.permit()).toMatchObject({ allowed: false, retryAfterMs: 1_000 });
    time.advance(1_000);
    expect(breaker.permit()).toEqual({ allowed: true, probe: true });
    breaker.settle({ probe: true }, 'released');
    expect(breaker.permit()).toEqual({ allowed: true, probe: true });
  });

  it('caps a server’s delay and is not closed by a late answer to an earlier call', () => {
    const time = clock();
    const breaker = new CircuitBreaker({ now: time.now, maxCooldownMs: 60_000 });
    breaker.settle({ probe: false }, 'rate_limited', 3_600_000);
    expect(breaker.status()).toMatchObject({ state: 'open', retryAfterMs: 60_000 });
    breaker.settle({ probe: false }, 'success');
    expect(breaker.status()).toMatchObject({ state: 'open', reason: 'rate_limited' });
    // An outage reported meanwhile does not hide the rate limit.
    breaker.settle({ probe: false }, 'unavailable');
    expect(breaker.status()).toMatchObject({ reason: 'rate_limited' });
  });
});
