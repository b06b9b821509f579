// Parsing of the simulator's command-line flags into a scenario, with clear errors.
import { DEFAULT_SCENARIO } from './scenario';
import type { Scenario } from './scenario';

export interface CliOptions {
  scenario: Scenario;
  json: boolean;
}

export class FlagError extends Error {}

export const USAGE =
  'usage: npm run sim -- --seed N --chairs C --hours H --rate R [--members F] [--noshow P] [--json]';

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
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--json') {
      json = true;
      continue;
    }
    const [name, inline] = arg.includes('=') ? arg.split('=', 2) : [arg, undefined];
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
  const missing = REQUIRED.filter((f) => !values.has(f));
  if (missing.length > 0) throw new FlagError(`missing ${missing.join(', ')}`);
  const get = (f: FlagName, fallback: number) => values.get(f) ?? fallback;
  return {
    json,
    scenario: {
      ...DEFAULT_SCENARIO,
      seed: get('--seed', DEFAULT_SCENARIO.seed),
      chairs: get('--chairs', DEFAULT_SCENARIO.chairs),
      hours: get('--hours', DEFAULT_SCENARIO.hours),
      ratePerHour: get('--rate', DEFAULT_SCENARIO.ratePerHour),
      memberShare: get('--members', DEFAULT_SCENARIO.memberShare),
      noShowRate: get('--noshow', DEFAULT_SCENARIO.noShowRate),
    },
  };
}
