// Parsing of the simulator's command-line flags into a scenario, with clear errors.
import { BARBER_SCENARIOS, DEFAULT_SCENARIO, STANDARD_SCENARIOS } from './scenario';

/** Scenarios `--scenario` accepts: the standard ones and the named barbers' (issue 30). */
const NAMED = [...STANDARD_SCENARIOS, ...BARBER_SCENARIOS];
import type { Scenario } from './scenario';

export interface CliOptions {
  scenario: Scenario;
  json: boolean;
}

export class FlagError extends Error {}

export const USAGE = [
  'usage: npm run sim -- --seed N --chairs C --hours H --rate R [--members F] [--noshow P] [--json]',
  `   or: npm run sim -- --scenario ${NAMED.map((s) => s.name).join('|')} [flags] [--json]`,
].join('\n');

const NUMBER_FLAGS = {
  '--seed': { key: 'seed', integer: true, min: 0, max: 2 ** 32 - 1 },
  '--chairs': { key: 'chairs', integer: true, min: 1, max: 100 },
  '--hours': { key: 'hours', integer: false, min: 0.5, max: 24 },
  '--rate': { key: 'rate', integer: false, min: 0, max: 1000 },
  '--members': { key: 'members', integer: false, min: 0, max: 1 },
  '--noshow': { key: 'noshow', integer: false, min: 0, max: 1 },
} as const;
type FlagName = keyof typeof NUMBER_FLAGS;
const REQUIRED: FlagName[] = ['--seed', '--chairs', '--hours', '--rate'];

export function parseFlags(args: readonly string[]): CliOptions {
  const values = new Map<FlagName, number>();
  let json = false;
  let base: Scenario | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--json') {
      json = true;
      continue;
    }
    const [name, inline] = arg.includes('=') ? arg.split('=', 2) : [arg, undefined];
    if (name === '--scenario') {
      const wanted = inline ?? args[++i];
      base = NAMED.find((s) => s.name === wanted);
      if (!base) throw new FlagError(`unknown scenario ${wanted ?? ''}`);
      continue;
    }
    if (!(name !== undefined && name in NUMBER_FLAGS)) throw new FlagError(`unknown flag ${arg}`);
    const flag = name as FlagName;
    const raw = inline ?? args[++i];
    if (raw === undefined || raw === '') throw new FlagError(`${flag} needs a value`);
    const spec = NUMBER_FLAGS[flag];
    const value = Number(raw);
    if (!Number.isFinite(value) || (spec.integer && !Number.isInteger(value))) {
      throw new FlagError(
        `${flag} must be ${spec.integer ? 'an integer' : 'a number'}, got ${raw}`,
      );
    }
    if (value < spec.min || value > spec.max) {
      throw new FlagError(`${flag} must be between ${spec.min} and ${spec.max}, got ${raw}`);
    }
    if (values.has(flag)) throw new FlagError(`${flag} given twice`);
    values.set(flag, value);
  }
  const missing = base ? [] : REQUIRED.filter((f) => !values.has(f));
  if (missing.length > 0) throw new FlagError(`missing ${missing.join(', ')}`);
  const from = base ?? DEFAULT_SCENARIO;
  const get = (f: FlagName, fallback: number) => values.get(f) ?? fallback;
  return {
    json,
    scenario: {
      ...from,
      seed: get('--seed', from.seed),
      chairs: get('--chairs', from.chairs),
      hours: get('--hours', from.hours),
      ratePerHour: get('--rate', from.ratePerHour),
      memberShare: get('--members', from.memberShare),
      noShowRate: get('--noshow', from.noShowRate),
    },
  };
}
