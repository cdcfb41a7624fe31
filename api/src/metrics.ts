import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'kysely';
import type { Database } from './db/database';
import { poolStatsOf } from './db/database';
import type { SummarizerHealth } from './summarizer/summarizer';
import type { PasswordHashing } from './lib/password-hashing';
import { JOB_QUEUES } from './db/job-queue';

/** The Prometheus metrics of one process (GET /api/metrics). */
export interface Metrics {
  registry: Registry;
  /** Answered requests by method, route pattern and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>;
  /** Seconds to answer, by method, route pattern and status. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Summary jobs that failed for good in this process, by queue. */
  jobFailures: Counter<'queue'>;
  /**
   * Counts an answered request in `httpRequests` and `httpDuration`. Each method, route and
   * status's series is looked up once (issue 13: finding them by their labels on every request
   * cost about 1 % of a list request).
   */
  recordRequest(method: string, route: string, status: number, seconds: number): void;
}

export interface MetricsSources {
  db: Database;
  passwords: PasswordHashing;
  /** Also collect Node's own process metrics (memory, event loop lag, GC). */
  processMetrics: boolean;
  /** The summarizer's health when scraped (Summarizer.health), if it reports one. */
  summarizerHealth?: (() => SummarizerHealth | undefined) | undefined;
}

const DEGRADED_REASONS = ['key_rejected', 'rate_limited', 'unavailable'] as const;
const CIRCUIT_STATES = ['closed', 'open', 'half_open'] as const;

/**
 * A registry of its own per app (tests build many apps in one process). Gauges are read
 * when scraped: the queued and running summary jobs from the database, the `pg` pool's
 * connections, the password-hashing queue.
 */
export function createMetrics({
  db,
  passwords,
  processMetrics,
  summarizerHealth,
}: MetricsSources): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: 'brevity_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'brevity_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'brevity_summary_job_failures_total',
    help: 'Summary jobs that failed for good (and were refunded) in this process, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'brevity_summary_jobs_pending',
    help: 'Summary jobs queued or running (all processes), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // With the database away the gauge is left out; the other metrics still answer.
      const rows = await sql<{ queue: string; pending: number }>`
        select queue, count(*)::int as pending from summary_jobs
        where status = 'pending' group by queue`
        .execute(db)
        .catch(() => null);
      if (!rows) return;
      for (const queue of JOB_QUEUES) {
        const row = rows.rows.find((candidate) => candidate.queue === queue);
        this.set({ queue }, row?.pending ?? 0);
      }
    },
  });
  new Gauge({
    name: 'brevity_db_pool_connections',
    help: 'Database pool connections by state (busy, idle) and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStatsOf(db);
      if (!stats) return;
      this.set({ state: 'busy' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'brevity_password_hashing',
    help: 'Password hashes running and waiting for a turn',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { active, queued } = passwords.stats();
      this.set({ state: 'active' }, active);
      this.set({ state: 'queued' }, queued);
    },
  });
  new Counter({
    name: 'brevity_password_hashing_rejected_total',
    help: 'Password hashes refused because the hashing queue was full or the wait too long',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(passwords.stats().rejected);
    },
  });
  new Gauge({
    name: 'brevity_summarizer_degraded',
    help:
      'Whether summaries are Quick Summaries because a configured Gemini cannot answer (1), ' +
      'by reason: key_rejected, rate_limited, unavailable',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      const health = summarizerHealth?.();
      if (!health) return;
      for (const reason of DEGRADED_REASONS) this.set({ reason }, health.reason === reason ? 1 : 0);
    },
  });
  new Gauge({
    name: 'brevity_gemini_circuit_state',
    help: 'The circuit breaker in front of each Gemini model: 1 for its current state',
    labelNames: ['model', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const circuit of summarizerHealth?.()?.circuits ?? []) {
        for (const state of CIRCUIT_STATES) {
          this.set({ model: circuit.model, state }, circuit.state === state ? 1 : 0);
        }
      }
    },
  });
  const series = new Map<
    string,
    {
      requests: ReturnType<typeof httpRequests.labels>;
      duration: ReturnType<typeof httpDuration.labels>;
    }
  >();
  const recordRequest = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) {
      const labels = { method, route, status: String(status) };
      found = { requests: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
      series.set(key, found);
    }
    found.requests.inc();
    found.duration.observe(seconds);
  };
  return { registry, httpRequests, httpDuration, jobFailures, recordRequest };
}
