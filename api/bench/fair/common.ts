import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/*
 * What the bench scripts of issue 24 share: their options, a user registered through the API,
 * an upload through POST /api/summaries/upload, percentiles, the server's RSS from /proc,
 * timed requests from a simulated client address (X-Forwarded-For: run the server with
 * TRUST_PROXY=127.0.0.1), status counts. They send traffic only to the --url given (127.0.0.1),
 * each request bounded in time.
 */

export interface BenchOptions {
  url: string;
  /** The server's process id, for its RSS from /proc (optional). */
  pid: number | undefined;
}

export function benchOptions(extra: Record<string, { type: 'string'; default?: string }> = {}): {
  options: BenchOptions;
  values: Record<string, string | undefined>;
} {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, pid: { type: 'string' }, ...extra },
    strict: true,
  });
  const url = values.url;
  if (typeof url !== 'string') throw new Error('--url http://127.0.0.1:PORT is required');
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
    throw new Error(`--url must be a loopback address, not ${host}`);
  }
  const pid = typeof values.pid === 'string' ? Number(values.pid) : undefined;
  const strings: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    strings[key] = typeof value === 'string' ? value : undefined;
  }
  return { options: { url: url.replace(/\/$/, ''), pid }, values: strings };
}

/** Registers a new user through the API and returns its bearer token. */
export async function registerUser(url: string, label: string): Promise<string> {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: label, email, password: 'bench-password-123' }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { token?: string; data?: { token?: string } };
  const token = body.token ?? body.data?.token;
  if (response.status !== 201 || typeof token !== 'string') {
    throw new Error(`register ${label}: ${response.status} ${JSON.stringify(body)}`);
  }
  return token;
}

export interface UploadOutcome {
  status: number;
  ms: number;
  retryAfter: string | null;
  message: string;
}

/** POST /api/summaries/upload of one file, bounded by `timeoutMs`; status 0 when it timed out. */
export async function upload(
  url: string,
  token: string,
  name: string,
  bytes: Uint8Array,
  timeoutMs = 120_000,
): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('file', new File([bytes], name));
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/summaries/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let message = '';
    try {
      const body = JSON.parse(text) as { message?: string };
      message = body.message ?? '';
    } catch {
      message = text.slice(0, 120);
    }
    return {
      status: response.status,
      ms: Math.round(performance.now() - started),
      retryAfter: response.headers.get('Retry-After'),
      message,
    };
  } catch (error) {
    return {
      status: 0,
      ms: Math.round(performance.now() - started),
      retryAfter: null,
      message: String(error),
    };
  }
}

/** The p-th percentile (0..100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The process's resident memory in MB, from /proc/<pid>/status. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Math.round(Number(match[1]) / 1024);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The options of the login benches, with defaults; --url must be on this machine. */
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

export function countStatuses(samples: Timed[]): Record<number, number> {
  return samples.reduce<Record<number, number>>((all, { status }) => {
    all[status] = (all[status] ?? 0) + 1;
    return all;
  }, {});
}
