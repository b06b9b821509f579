// The app's configuration, read and checked once at start; nothing else reads import.meta.env.
// (Plain checks rather than zod, so the first screen does not load a schema library for this.)
const raw = import.meta.env as Record<string, string | boolean | undefined>;

function text(name: string, fallback: string): string {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string') throw new Error(`Configuration ${name} must be text`);
  return value;
}

export const env = {
  apiBase: text('VITE_API_BASE', '/api').replace(/\/$/, ''),
  mapTileUrl: text('VITE_MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  mapAttribution: text('VITE_MAP_ATTRIBUTION', '© OpenStreetMap'),
  directionsUrl: text('VITE_DIRECTIONS_URL', 'https://www.google.com/maps/dir/'),
  devMode: text('VITE_DEV_MODE', 'false') === 'true',
  /** Where uncaught errors are posted; empty means no error reporting. */
  errorReportUrl: text('VITE_ERROR_REPORT_URL', ''),
} as const;
