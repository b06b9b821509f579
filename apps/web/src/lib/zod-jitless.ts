// zod probes `new Function` for its fast path, which the CSP (no 'unsafe-eval') reports as a
// violation; jitless mode skips the probe. zod keeps its configuration on this global and adopts
// it when it loads, so setting it here, rather than calling zod's config(), keeps zod (about
// 3 kB gzip) off the first screen: only screens loaded on demand use zod.
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };

export function makeZodJitless(): void {
  const global = globalThis as ZodGlobal;
  // Into the existing object when zod has already loaded: zod keeps a reference to it.
  global.__zod_globalConfig = Object.assign(global.__zod_globalConfig ?? {}, { jitless: true });
}
