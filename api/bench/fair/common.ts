/**
 * Shared bits of the fair-use benches (issue 24): argument parsing, timed requests from a
 * simulated client address (X-Forwarded-For: run the server with TRUST_PROXY=127.0.0.1), and
 * percentiles. Every target must be on this machine (127.0.0.1 or localhost).
 */
import { parseArgs } from 'node:util';

export function parseBenchArgs(defaults: Record<string, string>): Record<string, string> {
  const options = Object.fromEntries(
    ['url', ...Object.keys(defaults)].map((name) => [name, { type: 'string' as const }]),
  );
  const { values } = parseArgs({ options, strict: true });
  const merged: Record<string, string> = { ...defaults };
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') merged[name] = value;
  }
  const url = merged.url ?? 'http://127.0.0.1:3000';
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
    throw new Error(`--url must point at this machine (127.0.0.1), not ${host}`);
  }
  merged.url = url.replace(/\/$/, '');
  return merged;
}

export interface Timed {
  status: number;
  ms: number;
}

/** One request from `address` (via X-Forwarded-For); a network failure or time-out is status 0. */
export async function timedRequest(
  url: string,
  init: { method?: string; json?: unknown; address?: string; timeoutMs?: number } = {},
): Promise<Timed> {
  const started = performance.now();
  try {
    const headers: Record<string, string> = {};
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    if (init.address) headers['X-Forwarded-For'] = init.address;
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

export function countStatuses(samples: Timed[]): Record<number, number> {
  return samples.reduce<Record<number, number>>((all, { status }) => {
    all[status] = (all[status] ?? 0) + 1;
    return all;
  }, {});
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
