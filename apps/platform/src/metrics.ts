import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from './db/connection.ts';

/** Seconds: from a fast health probe to a large file's approval. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const QUERY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30];
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

/**
 * The platform's Prometheus metrics, in a registry of the app's own (tests build many apps in
 * one process; prom-client's global registry would refuse the second). Names follow the
 * Prometheus conventions: a `web_control_` prefix, base units, `_total` on counters.
 */
export function createPlatformMetrics(database: DatabaseHandle) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'web_control_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'web_control_job_runs_total',
    help: 'Finance job runs this instance made, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'web_control_job_failures_total',
    help: 'Finance job runs that ended in error, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'web_control_job_duration_seconds',
    help: 'How long a finance job run took, by job',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const loadRecords = new Counter({
    name: 'web_control_file_load_records_total',
    help: 'Records written by finance file loads (rate() gives records per second; a load rolled back counts too)',
    registers: [registry],
  });
  const loadRecordsInFlight = new Gauge({
    name: 'web_control_file_load_records_in_flight',
    help: 'Records of finance file loads being written now',
    registers: [registry],
  });
  const simulatorTransactions = new Counter({
    name: 'web_control_simulator_transactions_total',
    help: 'Transactions the simulated switch recorded on this instance, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'web_control_db_pool_connections',
    help: 'Database connections of this instance: open (lent or idle) and idle; PGlite has one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      this.set({ state: 'open' }, use.total);
      this.set({ state: 'idle' }, use.idle);
    },
  });
  new Gauge({
    name: 'web_control_db_pool_waiting',
    help: 'Callers waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(database.poolUse().waiting);
    },
  });
  const queryDuration = new Histogram({
    name: 'web_control_db_query_duration_seconds',
    help: 'Time of one database query, by outcome',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const queueWait = new Histogram({
    name: 'web_control_pglite_queue_wait_seconds',
    help: 'Embedded PGlite: time a caller waited for its single connection',
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  database.observe({
    query: (ms, failed) => queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000),
    queueWait: (ms) => queueWait.observe(ms / 1000),
  });

  return {
    registry,
    /** One answered request; `route` is the pattern (`/api/recon/files/:fileId`), never the URL. */
    request(method: string, route: string, statusCode: number, seconds: number): void {
      httpDuration.observe(
        { method, route, status_class: `${String(Math.floor(statusCode / 100))}xx` },
        seconds,
      );
    },
    job(name: string, failed: boolean, seconds: number): void {
      jobRuns.inc({ job: name });
      if (failed) jobFailures.inc({ job: name });
      jobDuration.observe({ job: name }, seconds);
    },
    /** A load writes `records`: in flight until the returned handle is disposed (`using`). */
    loadRecords(records: number): Disposable {
      loadRecordsInFlight.inc(records);
      return {
        [Symbol.dispose]: () => {
          loadRecordsInFlight.dec(records);
          loadRecords.inc(records);
        },
      };
    },
    simulatorTransactions(outcomes: Iterable<string>): void {
      for (const outcome of outcomes) simulatorTransactions.inc({ outcome });
    },
  };
}

export type PlatformMetrics = ReturnType<typeof createPlatformMetrics>;
