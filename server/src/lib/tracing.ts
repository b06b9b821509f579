// Spans of Jono's own work (the OpenTelemetry API only: without the SDK, which telemetry.ts
// starts when OTEL_* asks for traces, every call here is a no-op). A leaf: imports nothing of
// Jono's.
import {
  SpanStatusCode,
  context,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';

export type { Context, Span } from '@opentelemetry/api';

const tracer = () => trace.getTracer('jono');

/** The context in effect now (a request's, under @fastify/otel), to parent later work to it. */
export const activeContext = (): Context => context.active();

/**
 * Runs `fn` in a span named `name` (a child of `parent`, else of the active context); the span
 * records a thrown error and ends when `fn` settles.
 */
export async function inSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  options: { parent?: Context; links?: Link[] } = {},
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { attributes, links: options.links }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}

/** A span that began at `startTime` (performance.now() of its start) and ends now. */
export function spanSince(name: string, startTime: number, attributes: Attributes = {}): void {
  const start = performance.timeOrigin + startTime;
  tracer().startSpan(name, { attributes, startTime: start }).end();
}

/** Starts a span in `parent` that the caller ends (work that outlives the current call). */
export function startSpan(name: string, attributes: Attributes, parent: Context): Span {
  return tracer().startSpan(name, { attributes }, parent);
}
