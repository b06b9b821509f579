// What a simulated shop day looks like, and the three standard scenarios accuracy is judged on.

/** One kind of order a customer can place; `bias` is how much longer it really takes. */
export interface OrderType {
  serviceIds: number[];
  /** Planned minutes per service, in the order of serviceIds. */
  plannedMinutes: number[];
  /** Real / planned duration per service, on average. */
  bias: number[];
  weight: number;
}

export interface Scenario {
  name: string;
  seed: number;
  chairs: number;
  /** Opening hours of the day; customers join only while open, everyone accepted is served. */
  hours: number;
  /** Mean arrivals per hour over the day. */
  ratePerHour: number;
  /** Relative arrival intensity at evenly spaced points across the day (linear in between). */
  profile: readonly number[];
  /** Share of customers who are members (split silver 50 %, gold 30 %, platinum 20 %). */
  memberShare: number;
  /** Share of customers who join from the app and arrive later; the rest walk in. */
  appShare: number;
  /** Share of app customers who never come. */
  noShowRate: number;
  /** Share of customers who leave the queue while waiting. */
  cancelRate: number;
  orderTypes: readonly OrderType[];
  /** Spread of real durations (sigma of the log) around their mean. */
  durationSpread: number;
  serviceDistribution: 'lognormal' | 'exponential';
  /** App customers' minutes from joining to the door. */
  travelMinutes: readonly [number, number];
  /** Minutes staff wait for a called customer before marking a no-show. */
  graceMinutes: number;
  /** Refuse orders that would end after closing, as the server does. */
  refuseAfterClosing: boolean;
  /** Earlier days whose served orders the duration model learns from. */
  historyDays: number;
  /** Days measured. */
  days: number;
}

export const MEMBER_LEVELS = [
  { priority: 1, weight: 0.5 },
  { priority: 2, weight: 0.3 },
  { priority: 3, weight: 0.2 },
] as const;

export const BARBERSHOP_ORDERS: readonly OrderType[] = [
  { serviceIds: [1], plannedMinutes: [20], bias: [1], weight: 45 },
  { serviceIds: [2], plannedMinutes: [10], bias: [1.2], weight: 15 },
  { serviceIds: [3], plannedMinutes: [10], bias: [0.85], weight: 10 },
  { serviceIds: [1, 3], plannedMinutes: [20, 10], bias: [1, 0.85], weight: 15 },
  { serviceIds: [4], plannedMinutes: [15], bias: [1.3], weight: 10 },
  { serviceIds: [1, 5], plannedMinutes: [20, 5], bias: [1, 1.5], weight: 5 },
];

export const WEEKDAY_PROFILE = [0.6, 0.8, 1.5, 1.3, 0.8, 0.7, 0.9, 1.5, 1.4, 0.8, 0.5];
export const SATURDAY_PROFILE = [0.7, 1.1, 1.3, 1.4, 1.3, 1.1, 0.9, 0.6];
export const FLAT_PROFILE = [1, 1];

export const DEFAULT_SCENARIO: Scenario = {
  name: 'custom',
  seed: 1,
  chairs: 3,
  hours: 10,
  ratePerHour: 6,
  profile: WEEKDAY_PROFILE,
  memberShare: 0.2,
  appShare: 0.4,
  noShowRate: 0.05,
  cancelRate: 0.03,
  orderTypes: BARBERSHOP_ORDERS,
  durationSpread: 0.25,
  serviceDistribution: 'lognormal',
  travelMinutes: [5, 20],
  graceMinutes: 20,
  refuseAfterClosing: true,
  historyDays: 20,
  days: 10,
};

export const STANDARD_SCENARIOS: readonly Scenario[] = [
  { ...DEFAULT_SCENARIO, name: 'quiet-weekday', seed: 101, chairs: 3, hours: 10, ratePerHour: 6 },
  {
    ...DEFAULT_SCENARIO,
    name: 'busy-saturday',
    seed: 202,
    chairs: 5,
    hours: 8,
    ratePerHour: 14,
    profile: SATURDAY_PROFILE,
    appShare: 0.5,
  },
  {
    ...DEFAULT_SCENARIO,
    name: 'many-members',
    seed: 303,
    chairs: 4,
    hours: 10,
    ratePerHour: 10,
    memberShare: 0.6,
  },
];
