// Where the model's median goes wrong for one-time customers, input by input (decision 005,
// session 13): at every one-time join of a scenario's measured days (the accuracy bench's days
// and seeds), the model's uncalibrated median is recomputed with one input replaced by the truth
// the oracle knows: the members' arrival rates (in 5-minute steps, and averaged over the engine's
// own hourly segments; and, session 14, without the last typical order's minutes before closing,
// when a join is refused), the durations (learnt from 300 clean records of the true laws), the
// cancel law given the time waited, and all together. Prints the MAE of each against the waits
// that followed, beside the oracle's and Jono's, per wait bucket of the model's median.
// `nice -n 19 npx tsx bench/diagnose-inputs.ts many-members 28` (a few minutes: every join
// relearns the inputs, as the simulator's inspect hook does).
import { buildDurationModel, estimateQueue, MEASURED_SCENARIOS, simulateDay } from '@jono/queue';
import type { JoinView, ServedOrder, ShopQueueState } from '@jono/queue';
import { typicalMinutes } from '../packages/queue/src/list-schedule';
import { arrivalRate } from '../packages/queue/src/sim/arrivals';
import { CANCEL_WITHIN_MINUTES } from '../packages/queue/src/sim/customers';
import type { SimHistory } from '../packages/queue/src/sim/day-types';
import { createRandom, deriveSeed } from '../packages/queue/src/sim/random';
import { drawOrderMinutes, serviceLaws } from '../packages/queue/src/sim/service-times';
import { opensAtOf } from '../packages/queue/src/sim/simulate-day';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Members by level, as MEMBER_LEVELS splits them (silver, gold, platinum). */
const LEVEL_SHARES = [0.5, 0.3, 0.2];

type Row = Record<string, number>;

function main(argv: readonly string[]): void {
  const name = argv[0] ?? 'many-members';
  const days = Number(argv[1] ?? 28);
  const found = MEASURED_SCENARIOS.find((s) => s.name === name);
  if (!found) throw new Error(`unknown scenario ${name}`);
  const scenario = { ...found, days };
  const laws = serviceLaws(scenario, createRandom(scenario.seed));
  const clean = (() => {
    const r = createRandom(12345);
    const served: ServedOrder[] = [];
    for (let i = 0; i < 300; i++) {
      const type = r.pick(scenario.orderTypes);
      served.push({
        serviceIds: type.serviceIds,
        plannedMinutes: type.plannedMinutes.reduce((a, b) => a + b, 0),
        actualMinutes: drawOrderMinutes(r, laws, type),
      });
    }
    return buildDurationModel(served);
  })();
  const rows = new Map<number, Row>();
  const history: SimHistory = { orders: [], estimates: [] };
  for (let day = 0; day < scenario.historyDays + scenario.days; day++) {
    const measure = day >= scenario.historyDays;
    const opensAt = opensAtOf(scenario, day);
    const closesAt = opensAt + scenario.hours * HOUR;
    const lam = (t: number) =>
      t < opensAt || t >= closesAt ? 0 : arrivalRate(scenario, t - opensAt) * 60;
    /** True members per hour ready at the shop at `s`, of those who join after `now`. */
    const trueReady = (now: number, s: number, lastOrder = 0): number => {
      if (s > closesAt - lastOrder * MINUTE) return 0;
      let app = 0;
      const K = 40;
      for (let k = 0; k < K; k++) {
        const u = (k + 0.5) / K;
        const laws2: [number, readonly [number, number]][] = [
          [1 - scenario.farShare, scenario.travelMinutes],
          [scenario.farShare, scenario.farTravelMinutes],
        ];
        for (const [share, [a, b]] of laws2) {
          const joined = s - (a + (b - a) * u) * MINUTE;
          if (joined >= now) app += (share / K) * lam(joined);
        }
      }
      const walkIns = (1 - scenario.appShare) * lam(s);
      return scenario.memberShare * (walkIns + scenario.appShare * (1 - scenario.noShowRate) * app);
    };
    const perHour = (members: number) => ({
      0: 0,
      1: members * (LEVEL_SHARES[0] ?? 0),
      2: members * (LEVEL_SHARES[1] ?? 0),
      3: members * (LEVEL_SHARES[2] ?? 0),
    });
    const inspect = ({ state, now }: JoinView) => {
      const target = state.orders.reduce((a, b) => (b.id > a.id ? b : a));
      if (target.priority !== 0) return;
      const p50 = (s: ShopQueueState) =>
        estimateQueue(s).orders.get(target.id)?.model?.p50 ?? Number.NaN;
      const fine: ShopQueueState = {
        ...state,
        arrivalsPerHour: perHour(trueReady(now, now + 2.5 * MINUTE)),
        arrivalsAhead: Array.from(
          { length: Math.max(0, Math.ceil((closesAt - now) / (5 * MINUTE)) - 1) },
          (_, k) => {
            const at = now + (k + 1) * 5 * MINUTE;
            return { at, perHour: perHour(trueReady(now, at + 2.5 * MINUTE)) };
          },
        ),
      };
      const ahead = state.arrivalsAhead ?? [];
      const bounds = [now, ...ahead.map((f) => f.at), closesAt];
      const mean = (a: number, b: number) => {
        let sum = 0;
        for (let k = 0; k < 12; k++) sum += trueReady(now, a + ((k + 0.5) / 12) * (b - a));
        return sum / 12;
      };
      // The true rates, none in the last typical order's minutes before closing (who would
      // join then is refused, as an order would end after closing: the recorded joins).
      const lastOrder = typicalMinutes(state);
      const open: ShopQueueState = {
        ...state,
        arrivalsPerHour: perHour(trueReady(now, now + 2.5 * MINUTE, lastOrder)),
        arrivalsAhead: Array.from(
          { length: Math.max(0, Math.ceil((closesAt - now) / (5 * MINUTE)) - 1) },
          (_, k) => {
            const at = now + (k + 1) * 5 * MINUTE;
            return { at, perHour: perHour(trueReady(now, at + 2.5 * MINUTE, lastOrder)) };
          },
        ),
      };
      const hourly: ShopQueueState = {
        ...state,
        arrivalsPerHour: perHour(mean(now, bounds[1] ?? closesAt)),
        arrivalsAhead: ahead.map((f, i) => ({
          at: f.at,
          perHour: perHour(mean(f.at, bounds[i + 2] ?? closesAt)),
        })),
      };
      const c = scenario.cancelRate;
      const W = CANCEL_WITHIN_MINUTES;
      const orders = state.orders.map((o) => {
        if (o.status !== 'waiting') return o;
        const w = Math.min(W, (now - o.joinedAt) / MINUTE);
        return { ...o, cancelChance: (c * (W - w)) / W / (1 - (c * w) / W) };
      });
      rows.set(target.id, {
        base: p50(state),
        rates: p50(fine),
        ratesRefused: p50(open),
        ratesHourly: p50(hourly),
        durations: p50({ ...state, durationModel: clean }),
        cancels: p50({ ...state, orders }),
        all: p50({ ...fine, orders, durationModel: clean }),
        learntMembers: [1, 2, 3].reduce((s, p) => s + (state.arrivalsPerHour?.[p] ?? 0), 0),
        trueMembers: trueReady(now, now + 2.5 * MINUTE),
        typical: typicalMinutes(state),
      });
    };
    const result = simulateDay(scenario, deriveSeed(scenario.seed, day), {
      history,
      measure,
      laws,
      opensAt,
      ...(measure ? { inspect } : {}),
    });
    for (const o of result.outcomes) {
      const r = rows.get(o.id);
      if (r) Object.assign(r, { actual: o.actual, oracle: o.oracleMedian, jono: o.jonoMedian });
    }
  }
  const out = [...rows.values()].filter((r) => r.actual !== undefined);
  const variants = [
    'oracle',
    'jono',
    'base',
    'rates',
    'ratesRefused',
    'ratesHourly',
    'durations',
    'cancels',
    'all',
  ];
  for (const [lo, hi] of [
    [0, 5],
    [5, 15],
    [15, 30],
    [30, 60],
    [60, Infinity],
    [0, Infinity],
  ] as const) {
    const b = out.filter((r) => (r.base ?? 0) >= lo && (r.base ?? 0) < hi);
    if (b.length === 0) continue;
    const avg = (f: (r: Row) => number) => b.reduce((s, r) => s + f(r), 0) / b.length;
    const at = (r: Row, k: string) => r[k] ?? Number.NaN;
    console.log(
      `model median ${lo}-${hi} min: ${b.length} one-time customers; members per hour learnt ${avg((r) => at(r, 'learntMembers')).toFixed(2)}, true ${avg((r) => at(r, 'trueMembers')).toFixed(2)}; typical order ${avg((r) => at(r, 'typical')).toFixed(1)} min`,
    );
    for (const v of variants) {
      const mae = avg((r) => Math.abs(at(r, 'actual') - at(r, v)));
      const bias = avg((r) => at(r, v) - at(r, 'oracle'));
      console.log(
        `  ${v.padEnd(12)} MAE ${mae.toFixed(2)}  mean minus the oracle's ${bias.toFixed(2)}`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
