import { describe, expect, it } from 'vitest';
import { FlagError, parseFlags } from './cli-flags';

const required = ['--seed', '1', '--chairs', '3', '--hours', '8', '--rate', '12'];

describe('parseFlags', () => {
  it('reads the required flags and the optional ones', () => {
    const { scenario, json } = parseFlags([
      ...required,
      '--members',
      '0.4',
      '--noshow=0.1',
      '--json',
    ]);
    expect(scenario).toMatchObject({
      seed: 1,
      chairs: 3,
      hours: 8,
      ratePerHour: 12,
      memberShare: 0.4,
      noShowRate: 0.1,
    });
    expect(json).toBe(true);
  });

  it('starts from a standard scenario when one is named', () => {
    const { scenario } = parseFlags(['--scenario', 'busy-saturday', '--seed', '9']);
    expect(scenario).toMatchObject({ name: 'busy-saturday', chairs: 5, seed: 9 });
  });

  it.each([
    [['--seed', '1'], /missing --chairs, --hours, --rate/],
    [[...required, '--chairs', '2'], /given twice/],
    [[...required, '--members', '1.5'], /between 0 and 1/],
    [['--seed', 'x', '--chairs', '3', '--hours', '8', '--rate', '12'], /must be an integer/],
    [[...required, '--rate'], /given twice|needs a value/],
    [[...required, '--fast'], /unknown flag --fast/],
    [['--scenario', 'sunday'], /unknown scenario sunday/],
  ])('refuses %j', (args, message) => {
    expect(() => parseFlags(args)).toThrow(FlagError);
    expect(() => parseFlags(args)).toThrow(message);
  });
});
