// localStorage access that never throws (private mode, full quota) and checks what it reads.
import type { z } from 'zod';

export function readStored<S extends z.ZodType>(key: string, schema: S): z.infer<S> | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the value lives for this page only.
  }
}
