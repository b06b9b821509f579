// OpenTelemetry traces, off by default and turned on by the standard variables: a trace exporter
// (OTEL_TRACES_EXPORTER=otlp or console; or an OTLP endpoint, OTEL_EXPORTER_OTLP_ENDPOINT or
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, which means otlp), never with OTEL_SDK_DISABLED=true.
// The OTLP/HTTP exporter reads its own OTEL_EXPORTER_OTLP_* (endpoint, headers, timeout); the
// resource takes OTEL_SERVICE_NAME (default "jono") and OTEL_RESOURCE_ATTRIBUTES; the sampler
// OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG (default parentbased_always_on).
//
// Instrumented: every request (@fastify/otel: the request, its hooks and handler), every
// PostgreSQL statement (@opentelemetry/instrumentation-pg; PGlite has none), and Jono's own
// spans (lib/tracing.ts): a join's batch, the shop lock wait, the estimate and the commit.
// server.ts starts this before it loads the app, so that `pg` is patched when it is imported.
import { register } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  resourceFromAttributes,
  envDetector,
  detectResources,
} from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import FastifyOtelInstrumentation from '@fastify/otel';

import { tracesExporter, type Vars } from './telemetry-config';

export { tracesExporter } from './telemetry-config';

/** OTEL_TRACES_SAMPLER and its argument, as the specification names them. */
export function samplerOf(vars: Vars): Sampler {
  const ratio = Number(vars.OTEL_TRACES_SAMPLER_ARG ?? 1);
  const r = Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1;
  switch (vars.OTEL_TRACES_SAMPLER?.toLowerCase()) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(r);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(r) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

export interface Telemetry {
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * Starts tracing when the variables ask for it (or with `exporter`, for tests); answers null when
 * traces are off. Call it once per process, before the app (and `pg`) is imported.
 */
export async function startTracing(vars: Vars, exporter?: SpanExporter): Promise<Telemetry | null> {
  const kind = exporter ? 'given' : tracesExporter(vars);
  if (!kind) return null;
  // ESM imports (pg, loaded by the app) go through import-in-the-middle for the instrumentation.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

  let spanExporter = exporter;
  if (!spanExporter && kind === 'otlp') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    spanExporter = new OTLPTraceExporter();
  }
  spanExporter ??= new ConsoleSpanExporter();
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'jono' }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerOf(vars),
    spanProcessors: [
      exporter
        ? new SimpleSpanProcessor({ exporter: spanExporter })
        : new BatchSpanProcessor({ exporter: spanExporter }),
    ],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(provider);
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (opts) => ['/healthz', '/readyz', '/metrics'].includes(opts.url),
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
