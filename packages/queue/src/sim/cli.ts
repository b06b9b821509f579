// `npm run sim -- --seed N --chairs C --hours H --rate R [--members F] [--noshow P] [--json]`
import { FlagError, parseFlags, USAGE } from './cli-flags';
import { toJson, toTable } from './format-result';
import { runScenario } from './run-scenario';

try {
  const { scenario, json } = parseFlags(process.argv.slice(2));
  const result = runScenario(scenario);
  process.stdout.write(`${json ? toJson(result) : toTable(result)}\n`);
} catch (error) {
  if (!(error instanceof FlagError)) throw error;
  process.stderr.write(`sim: ${error.message}\n${USAGE}\n`);
  process.exitCode = 2;
}
