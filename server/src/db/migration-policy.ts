// Expand, then contract (docs/operations.md "Migrations while two versions run"): during a
// rolling deploy the previous version runs against the new schema, so a migration may only add
// what the previous version ignores. A statement that would break it (drops, renames, type
// changes, a new NOT NULL without a default) belongs in a later release's migration, once no
// running version uses the thing, and says so on the line before it:
//   -- contract: <what no longer uses it, and since which release>
// server/test/migration-policy.test.ts applies this to every migration after BASELINE.

/** The last migration written before the policy; the ones after it are checked. */
export const BASELINE = 7;

export interface Violation {
  file: string;
  statement: string;
  rule: string;
}

const RULES: { rule: string; test: RegExp }[] = [
  { rule: 'drops a table', test: /\bdrop\s+table\b/i },
  { rule: 'drops a column', test: /\bdrop\s+column\b/i },
  { rule: 'renames a table or column', test: /\brename\b/i },
  { rule: "changes a column's type", test: /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i },
  { rule: 'makes an existing column NOT NULL', test: /\bset\s+not\s+null\b/i },
  { rule: 'drops a schema', test: /\bdrop\s+schema\b/i },
  {
    rule: 'adds a NOT NULL column without a default (the previous version inserts without it)',
    test: /\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i,
  },
];

/** The statements of one migration file (drizzle separates them with a breakpoint comment). */
function statements(sql: string): { text: string; before: string }[] {
  const parts = sql.split(/-->\s*statement-breakpoint/);
  return parts.flatMap((part) => {
    const lines = part.split('\n');
    const out: { text: string; before: string }[] = [];
    let before = '';
    let current: string[] = [];
    for (const line of lines) {
      const trimmed = line.trim();
      if (trimmed.startsWith('--')) {
        if (current.length === 0) before = trimmed;
        continue;
      }
      if (trimmed === '') continue;
      current.push(trimmed);
      if (trimmed.endsWith(';')) {
        out.push({ text: current.join(' '), before });
        current = [];
        before = '';
      }
    }
    if (current.length > 0) out.push({ text: current.join(' '), before });
    return out;
  });
}

/** What in one migration file an old version running beside the new one would trip on. */
export function checkMigration(file: string, sql: string): Violation[] {
  const found: Violation[] = [];
  for (const { text, before } of statements(sql)) {
    if (/^--\s*contract:\s*\S/i.test(before)) continue;
    for (const { rule, test } of RULES) {
      if (test.test(text)) found.push({ file, statement: text, rule });
    }
  }
  return found;
}

/** The migration's number from its file name (`0008_name.sql`). */
export const migrationNumber = (file: string) => Number(/^(\d+)_/.exec(file)?.[1] ?? NaN);
