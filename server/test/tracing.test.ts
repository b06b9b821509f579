// Traces: off without OTEL_* variables; on, a join's trace holds the request (@fastify/otel), the
// batch that ran it, the shop lock wait, the estimate and the commit, and on PostgreSQL each
// statement (@opentelemetry/instrumentation-pg). Spans go to an in-memory exporter here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { samplerOf, startTracing, tracesExporter, type Telemetry } from '../src/telemetry';
import type { App } from '../src/app';
import type * as HelpersModule from './helpers';

type Helpers = typeof HelpersModule;

describe('OTEL_* variables', () => {
  it('leave traces off unless an exporter or endpoint is named', () => {
    expect(tracesExporter({})).toBeNull();
    expect(tracesExporter({ OTEL_SERVICE_NAME: 'jono' })).toBeNull();
    expect(tracesExporter({ OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
    expect(tracesExporter({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe('otlp');
    expect(tracesExporter({ OTEL_TRACES_EXPORTER: 'console' })).toBe('console');
    expect(tracesExporter({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('otlp');
    expect(
      tracesExporter({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeNull();
    expect(samplerOf({}).toString()).toContain('ParentBased');
    expect(
      samplerOf({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).toString(),
    ).toContain('0.1');
  });
});

describe("a join's trace", () => {
  const exporter = new InMemorySpanExporter();
  let telemetry: Telemetry | null;
  let app: App;
  let helpers: Helpers;
  beforeAll(async () => {
    telemetry = await startTracing({}, exporter);
    // Loaded after tracing starts, as server.ts does: `pg` is instrumented when imported.
    helpers = await import('./helpers');
    const { WEDNESDAY_NOON } = await import('./queue-factories');
    app = await helpers.buildTestApp({ now: () => WEDNESDAY_NOON });
  });
  afterAll(async () => {
    await app.close();
    await telemetry?.shutdown();
  });

  it('shows the request, the batch, the lock wait, the estimate and the commit', async () => {
    const { join, newCustomer } = await import('./queue-factories');
    const c = await newCustomer(app);
    exporter.reset();
    expect((await join(app, c, 13)).statusCode).toBe(201);
    const spans = exporter.getFinishedSpans();
    const request = spans.find(
      (s) => s.attributes['http.route'] === '/api/:market/customers/:id/orders/',
    );
    expect(request, spans.map((s) => s.name).join(', ')).toBeDefined();
    const trace = spans.filter((s) => s.spanContext().traceId === request?.spanContext().traceId);
    const named = (name: string) => trace.find((s) => s.name === name);
    const parentOf = (s: ReadableSpan | undefined) => s?.parentSpanContext?.spanId;
    const batch = named('jono.queue.batch');
    expect(batch?.attributes['jono.batch.size']).toBe(1);
    for (const step of ['jono.queue.lock', 'jono.queue.estimate', 'jono.queue.commit']) {
      expect(parentOf(named(step)), step).toBe(batch?.spanContext().spanId);
    }
    expect(named('jono.queue.change')?.links[0]?.context.spanId).toBe(batch?.spanContext().spanId);
    // On PostgreSQL, the statements are spans of the same trace.
    if (helpers.databaseUrl) {
      expect(
        trace.some((s) => s.attributes['db.system'] === 'postgresql' || s.name.startsWith('pg')),
      ).toBe(true);
    }
  });
});
