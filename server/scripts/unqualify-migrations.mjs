// drizzle-kit writes `"public"."table"` in foreign keys; each market lives in its own schema
// (search_path), so migrations must use unqualified names.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../drizzle/', import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const path = new URL(file, dir);
  const sql = readFileSync(path, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) writeFileSync(path, fixed);
}
