import client from 'prom-client';
import type { Db } from '../db/types.js';

/** One Prometheus registry per server instance (tests run several in one process). */
export type Metrics = {
  registry: client.Registry;
  httpRequests: client.Counter<'method' | 'route' | 'status'>;
  httpDuration: client.Histogram<'method' | 'route'>;
  jobRuns: client.Counter<'job' | 'status'>;
  jobDuration: client.Histogram<'job'>;
  /** Events taken off the queue: handled, or with no handler (`handled` = false). */
  eventsConsumed: client.Counter<'name' | 'handled'>;
  /** Failed attempts at an event; `final` when no retry is left. */
  eventsFailed: client.Counter<'name' | 'final'>;
};

export function createMetrics(db: Db): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const pool = (name: string, help: string, pick: (s: ReturnType<Db['stats']>) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(db.stats()));
      },
    });
  pool('opsdeck_db_pool_total', 'Database connections open', (s) => s.total);
  pool('opsdeck_db_pool_idle', 'Database connections idle', (s) => s.idle);
  pool('opsdeck_db_pool_waiting', 'Requests waiting for a database connection', (s) => s.waiting);
  return {
    registry,
    httpRequests: new client.Counter({
      name: 'opsdeck_http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: 'opsdeck_http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobRuns: new client.Counter({
      name: 'opsdeck_job_runs_total',
      help: 'Background job runs by job and final status',
      labelNames: ['job', 'status'],
      registers: [registry],
    }),
    jobDuration: new client.Histogram({
      name: 'opsdeck_job_duration_seconds',
      help: 'Background job run time',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers: [registry],
    }),
    eventsConsumed: new client.Counter({
      name: 'opsdeck_events_consumed_total',
      help: 'Events consumed from the event queue by name; handled=false when no handler is registered',
      labelNames: ['name', 'handled'],
      registers: [registry],
    }),
    eventsFailed: new client.Counter({
      name: 'opsdeck_events_failed_total',
      help: 'Failed attempts at handling an event by name; final=true when the event is given up',
      labelNames: ['name', 'final'],
      registers: [registry],
    }),
  };
}
