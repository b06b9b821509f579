// Whether the OTEL_* variables ask for traces: read by server.ts before anything of
// OpenTelemetry is loaded (a server without traces never loads the SDK). See telemetry.ts.

export type Vars = Record<string, string | undefined>;

/** Which exporter the variables ask for, or null when traces are off. */
export function tracesExporter(vars: Vars): 'otlp' | 'console' | null {
  if (vars.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return null;
  const named = vars.OTEL_TRACES_EXPORTER?.split(',').map((s) => s.trim().toLowerCase());
  if (named?.includes('none')) return null;
  if (named?.includes('otlp')) return 'otlp';
  if (named?.includes('console')) return 'console';
  if (vars.OTEL_EXPORTER_OTLP_ENDPOINT || vars.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return 'otlp';
  return null;
}
