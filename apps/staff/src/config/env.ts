// The console's configuration, read and checked once at start; nothing else reads import.meta.env.
import { z } from 'zod';

const envSchema = z.object({
  VITE_API_BASE: z.string().default('/api'),
  BASE_URL: z.string().default('/staff/'),
});

const parsed = envSchema.parse(import.meta.env);

export const env = {
  apiBase: parsed.VITE_API_BASE.replace(/\/$/, ''),
  /** Router basename: "/staff" (Vite's base without the trailing slash). */
  basename: parsed.BASE_URL.replace(/\/$/, '') || '/',
} as const;
