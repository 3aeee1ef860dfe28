// Prometheus metrics at GET /metrics, for operators: requests by route and status,
// latency, push batch sizes and mutation outcomes, pull sizes, how late devices' changes arrive,
// open sockets, background job runs. One registry per app (tests build many apps). Disabled
// (404) unless METRICS_TOKEN is set; then only `Authorization: Bearer <METRICS_TOKEN>` reads it.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MutationResult } from '../../sync/protocol';
import { bearerToken } from './context';

export interface Metrics {
  registry: Registry;
  request(method: string, route: string, status: number, seconds: number): void;
  pushed(results: readonly MutationResult[], lagsMs: readonly number[]): void;
  pulled(rows: number): void;
  jobRun(job: string, outcome: 'done' | 'failed'): void;
}

export function createMetrics(openSockets: () => number): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'gatehouse_' });
  const requests = new Counter({
    name: 'gatehouse_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'gatehouse_http_request_duration_seconds',
    help: 'HTTP request latency by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const batch = new Histogram({
    name: 'gatehouse_sync_push_batch_size',
    help: 'Mutations per push',
    buckets: [1, 5, 25, 100, 250, 500, 1000],
    registers: [registry],
  });
  const outcomes = new Counter({
    name: 'gatehouse_sync_mutations_total',
    help: 'Pushed mutations by outcome (applied, duplicate, rejected)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'gatehouse_sync_outbox_lag_seconds',
    help: 'Time from a change made on a device to its arrival at the server (device clock corrected)',
    buckets: [0.1, 1, 5, 30, 60, 300, 3600, 86400, 604800],
    registers: [registry],
  });
  const pull = new Histogram({
    name: 'gatehouse_sync_pull_rows',
    help: 'Rows per pull answer',
    buckets: [0, 1, 10, 100, 1000, 5000],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'gatehouse_job_runs_total',
    help: 'Background job runs by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'gatehouse_sockets_open',
    help: 'Open socket.io connections on this instance',
    registers: [registry],
    collect() {
      this.set(openSockets());
    },
  });
  return {
    registry,
    request(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    pushed(results, lagsMs) {
      batch.observe(results.length);
      for (const r of results) outcomes.inc({ outcome: r.status });
      for (const ms of lagsMs) if (ms >= 0) lag.observe(ms / 1000);
    },
    pulled: (rows) => pull.observe(rows),
    jobRun: (job, outcome) => jobs.inc({ job, outcome }),
  };
}

function tokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route's pattern, never the address: bounded labels, and no ids or link codes.
    const route = request.routeOptions.url ?? '(no route)';
    if (route !== '/metrics') metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  // Public to the app's login check: it has a token of its own, for the scraper, not a person.
  app.get(
    '/metrics',
    {
      config: {
        openapi: { summary: 'Prometheus metrics (bearer METRICS_TOKEN)', produces: 'text/plain' },
        public: true,
      },
    },
    async (request, reply) => {
      if (!token) return reply.code(404).send({ code: 'not_found' });
      if (!tokenMatches(bearerToken(request), token)) return reply.code(401).send({ code: 'unauthenticated' });
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
