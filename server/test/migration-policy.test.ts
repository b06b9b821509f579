// Every migration after the policy's baseline only expands the schema (or says, on the line
// before a contracting statement, why no running version needs what it removes).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASELINE, checkMigration, migrationNumber } from '../src/db/migration-policy';
import { MIGRATIONS_DIR } from '../src/lib/paths';

describe('migrations: expand, then contract', () => {
  it('no migration after the baseline breaks the version before it', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(BASELINE);
    const checked = files.filter((f) => migrationNumber(f) > BASELINE);
    const violations = checked.flatMap((f) =>
      checkMigration(f, readFileSync(join(MIGRATIONS_DIR, f), 'utf8')),
    );
    expect(violations).toEqual([]);
  });

  it('finds what would break the previous version', () => {
    const rules = (sql: string) => checkMigration('x.sql', sql).map((v) => v.rule);
    expect(rules('ALTER TABLE "recovery_codes" DROP COLUMN "attempts";')).toEqual([
      'drops a column',
    ]);
    expect(rules('ALTER TABLE "a" RENAME COLUMN "b" TO "c";')).toEqual([
      'renames a table or column',
    ]);
    expect(rules('ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE bigint;')).toHaveLength(1);
    expect(rules('ALTER TABLE "a" ALTER COLUMN "b" SET NOT NULL;')).toHaveLength(1);
    expect(rules('DROP TABLE "old";')).toEqual(['drops a table']);
    expect(rules('ALTER TABLE "a" ADD COLUMN "b" integer NOT NULL;')).toHaveLength(1);
    // Expanding is fine: new tables, nullable or defaulted columns, indexes.
    expect(
      rules(
        [
          'CREATE TABLE IF NOT EXISTS "n" ("id" serial PRIMARY KEY NOT NULL);',
          '--> statement-breakpoint',
          'ALTER TABLE "a" ADD COLUMN "b" integer DEFAULT 0 NOT NULL;',
          '--> statement-breakpoint',
          'ALTER TABLE "a" ADD COLUMN "c" text;',
          '--> statement-breakpoint',
          'CREATE INDEX IF NOT EXISTS "i" ON "a" ("c");',
        ].join('\n'),
      ),
    ).toEqual([]);
    // A contracting statement with its reason on the line before it passes.
    expect(
      rules('-- contract: unused since 0.9 (0012 stopped reading it)\nDROP TABLE "old";'),
    ).toEqual([]);
  });
});
