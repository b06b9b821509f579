// Scenarios of the classes an independent audit judged Jono on (issue 31), written without its
// scenarios: other service-time families, a lunch break, bus-loads of walk-ins, long travel with
// no-shows, forgotten finishes and a quiet Sunday. Barbers of different speeds taking lunch in
// turns are issue 30's BARBER_SCENARIOS (named barbers), measured with them.
import { BARBER_SCENARIOS, DEFAULT_SCENARIO, FLAT_PROFILE, STANDARD_SCENARIOS } from './scenario';
import type { Scenario } from './scenario';

export const AUDIT_CLASS_SCENARIOS: readonly Scenario[] = [
  {
    ...DEFAULT_SCENARIO,
    name: 'other-families',
    seed: 3101,
    chairs: 3,
    ratePerHour: 7,
    families: [
      { kind: 'exponential', cv: 1 },
      { kind: 'heavy', cv: 0.7 },
      { kind: 'gamma', cv: 0.3 },
    ],
  },
  {
    // One chair of four off for three hours around noon, barbers taking turns.
    ...DEFAULT_SCENARIO,
    name: 'lunch-break',
    seed: 3102,
    chairs: 4,
    // Planned: the barbers' shifts tell the server the lunch (issue 30).
    rotaKnown: true,
    rota: [
      { fromHour: 2, chairs: 3 },
      { fromHour: 5, chairs: 4 },
    ],
    ratePerHour: 8,
    memberShare: 0.3,
  },
  {
    // Bus-loads: an hour in eight brings four times the usual walk-ins.
    ...DEFAULT_SCENARIO,
    name: 'bus-loads',
    seed: 3103,
    chairs: 4,
    ratePerHour: 7,
    appShare: 0.2,
    hourSurge: { chance: 0.12, factor: 4 },
  },
  {
    ...DEFAULT_SCENARIO,
    name: 'long-travel-no-shows',
    seed: 3104,
    chairs: 3,
    ratePerHour: 6,
    appShare: 0.7,
    farShare: 0.5,
    farTravelMinutes: [45, 120],
    noShowRate: 0.25,
  },
  {
    // A finish pressed early or forgotten for 30-90 minutes in one service of five.
    ...DEFAULT_SCENARIO,
    name: 'forgotten-finishes',
    seed: 3105,
    chairs: 3,
    ratePerHour: 7,
    misrecordShare: 0.2,
  },
  {
    ...DEFAULT_SCENARIO,
    name: 'quiet-sunday',
    seed: 3106,
    chairs: 2,
    hours: 6,
    ratePerHour: 2.5,
    profile: FLAT_PROFILE,
    memberShare: 0.3,
  },
];

/** The standard scenarios, the audit's classes and the named barbers': the bench's measured set. */
export const MEASURED_SCENARIOS: readonly Scenario[] = [
  ...STANDARD_SCENARIOS,
  ...AUDIT_CLASS_SCENARIOS,
  ...BARBER_SCENARIOS,
];
