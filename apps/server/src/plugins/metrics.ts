import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsDeps {
  /** The bearer token /metrics asks for; unset: /metrics is not served at all. */
  token: string | undefined;
  /** Pictures in the image index's memory, over all companies. */
  imageIndexSize: () => number;
}

/**
 * /metrics in Prometheus's text format (decision 0033), off unless a token is configured
 * (METRICS_TOKEN) and then only for a request bearing it: request rate and latency per route
 * (each /api call is a route), answers by status, the image index's size, and Node's own
 * (event-loop lag, heap, handles). A registry per app, so apps built side by side in tests
 * never share counters.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const { token } = deps;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 20 });
  const duration = new Histogram({
    name: 'vitrine_request_duration_seconds',
    help: 'Time to answer a request, by route (each /api call is one) and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    registers: [register],
  });
  const errors = new Counter({
    name: 'vitrine_request_errors_total',
    help: 'Requests answered with a server error (5xx), by route',
    labelNames: ['method', 'route'],
    registers: [register],
  });
  new Gauge({
    name: 'vitrine_image_index_pictures',
    help: 'Pictures in the image index, over all companies',
    registers: [register],
    collect() {
      this.set(deps.imageIndexSize());
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL: ids and queries would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).header('cache-control', 'no-store').send({ ok: false });
    return reply
      .header('cache-control', 'no-store')
      .type(register.contentType)
      .send(await register.metrics());
  });
}
