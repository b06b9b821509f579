// Seeded shop states whose estimateQueue results are pinned in estimate-queue.pinned.json, and
// the plain form those results are stored in; not exported from the package.
//
// The states cover every input the estimate reads: mixed priorities with tied ranks, services
// under way (more than chairs, some without startedAt), customers at the shop and on the way,
// a duration model with and without a spread, arrivals now and a forecast (unsorted, partly in
// the past), closing (none, null, past, later), a typical order override and no chairs at all.
import { mulberry32 } from './sim/random';
import { buildDurationModel } from './duration-model';
import type { ServedOrder } from './duration-model';
import { estimateQueue } from './estimate-queue';
import { MINUTE, T0 } from './test-factories';
import type { ArrivalForecast, QueueOrder, ShopQueueState } from './types';

interface PinnedSpec {
  name: string;
  seed: number;
  orders: number;
  chairs: number;
  inService: number;
  /** Share of waiting customers still on the way (atShop: false). */
  onTheWay: number;
  travelMinutes?: number;
  /** Served orders the duration model is built from; none means no model. */
  history?: number;
  arrivals: boolean;
  forecast: boolean;
  closesAt?: number | null;
  typicalPlannedMinutes?: number;
  /** Share of orders sharing the previous order's rank and priority (told apart by id). */
  ties?: number;
}

export const PINNED_SPECS: readonly PinnedSpec[] = [
  {
    name: 'small, everything',
    seed: 1,
    orders: 10,
    chairs: 2,
    inService: 2,
    onTheWay: 0.3,
    travelMinutes: 15,
    history: 60,
    arrivals: true,
    forecast: true,
    closesAt: T0 + 8 * 60 * MINUTE,
  },
  {
    name: 'no model, no arrivals',
    seed: 2,
    orders: 25,
    chairs: 3,
    inService: 3,
    onTheWay: 0,
    arrivals: false,
    forecast: false,
  },
  {
    name: 'one chair, many on the way',
    seed: 3,
    orders: 40,
    chairs: 1,
    inService: 1,
    onTheWay: 0.5,
    travelMinutes: 25,
    history: 12,
    arrivals: true,
    forecast: false,
    ties: 0.2,
  },
  {
    name: 'more services under way than chairs, closing soon',
    seed: 4,
    orders: 60,
    chairs: 4,
    inService: 6,
    onTheWay: 0.2,
    travelMinutes: 10,
    history: 200,
    arrivals: true,
    forecast: true,
    closesAt: T0 + 45 * MINUTE,
  },
  {
    name: 'forecast, closed already',
    seed: 5,
    orders: 120,
    chairs: 3,
    inService: 3,
    onTheWay: 0.15,
    travelMinutes: 20,
    history: 300,
    arrivals: true,
    forecast: true,
    closesAt: T0 - 5 * MINUTE,
    ties: 0.1,
  },
  {
    name: 'typical order override, closesAt null',
    seed: 6,
    orders: 200,
    chairs: 5,
    inService: 4,
    onTheWay: 0.1,
    travelMinutes: 12,
    history: 300,
    arrivals: true,
    forecast: true,
    closesAt: null,
    typicalPlannedMinutes: 27,
  },
  {
    name: 'long queue, some on the way',
    seed: 7,
    orders: 300,
    chairs: 3,
    inService: 3,
    onTheWay: 0.1,
    travelMinutes: 15,
    history: 300,
    arrivals: true,
    forecast: true,
    closesAt: T0 + 9 * 60 * MINUTE,
    ties: 0.05,
  },
  {
    name: 'long queue, half on the way, no travel time known',
    seed: 8,
    orders: 300,
    chairs: 2,
    inService: 2,
    onTheWay: 0.5,
    history: 100,
    arrivals: true,
    forecast: false,
  },
  {
    name: 'long queue, half on the way',
    seed: 9,
    orders: 300,
    chairs: 4,
    inService: 4,
    onTheWay: 0.5,
    travelMinutes: 30,
    history: 300,
    arrivals: true,
    forecast: true,
    closesAt: T0 + 3 * 60 * MINUTE,
  },
  {
    name: 'nearly everyone on the way, chairs left empty',
    seed: 12,
    orders: 30,
    chairs: 3,
    inService: 1,
    onTheWay: 0.95,
    travelMinutes: 60,
    history: 60,
    arrivals: true,
    forecast: true,
    closesAt: T0 + 2 * 60 * MINUTE,
  },
  {
    name: 'fractional chairs',
    seed: 10,
    orders: 50,
    chairs: 2.7,
    inService: 1,
    onTheWay: 0.25,
    travelMinutes: 8,
    history: 40,
    arrivals: true,
    forecast: true,
  },
  {
    name: 'no chairs',
    seed: 11,
    orders: 15,
    chairs: 0,
    inService: 2,
    onTheWay: 0.3,
    travelMinutes: 15,
    history: 60,
    arrivals: true,
    forecast: true,
  },
];

const PLANNED = [10, 15, 20, 20, 25, 30, 45];

export function pinnedState(spec: PinnedSpec): ShopQueueState {
  const rand = mulberry32(spec.seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const serviceIds = () => Array.from({ length: int(1, 2) }, () => int(1, 7));
  const orders: QueueOrder[] = [];
  for (let i = 0; i < spec.orders; i++) {
    const inService = i < spec.inService;
    const joinedAt = T0 - int(0, 240) * MINUTE - int(0, 59) * 1000;
    const r = rand();
    const priority = r < 0.6 ? 0 : r < 0.78 ? 1 : r < 0.92 ? 2 : 3;
    const previous = orders[orders.length - 1];
    const tie = !inService && previous?.status === 'waiting' && rand() < (spec.ties ?? 0);
    const order: QueueOrder = {
      // Ids are not in joining order, so the engine cannot rely on it.
      id: 1 + ((i * 7919) % 10007),
      priority: tie && previous ? previous.priority : priority,
      joinedAt,
      rank: tie && previous ? previous.rank : joinedAt,
      status: inService ? 'in_service' : 'waiting',
      plannedMinutes: PLANNED[int(0, PLANNED.length - 1)] ?? 20,
      serviceIds: serviceIds(),
    };
    // One order in service in five has no startedAt: it starts now.
    if (inService && rand() < 0.8) order.startedAt = T0 - int(0, 50) * MINUTE;
    if (!inService) {
      const onTheWay = rand() < spec.onTheWay;
      if (onTheWay) {
        order.atShop = false;
        // Customers on the way joined recently, so most are still travelling.
        order.joinedAt = T0 - int(0, 40) * MINUTE;
        if (!tie) order.rank = order.joinedAt;
      } else if (rand() < 0.5) {
        order.atShop = true;
      }
    }
    orders.push(order);
  }
  const state: ShopQueueState = { now: T0, chairs: spec.chairs, orders };
  if (spec.history !== undefined) {
    const history: ServedOrder[] = Array.from({ length: spec.history }, () => {
      const plannedMinutes = PLANNED[int(0, PLANNED.length - 1)] ?? 20;
      const ids = serviceIds();
      const bias = 0.7 + (ids[0] ?? 1) * 0.08;
      return { serviceIds: ids, plannedMinutes, actualMinutes: plannedMinutes * (bias + rand()) };
    });
    state.durationModel = buildDurationModel(history);
  }
  const perHour = () => ({
    0: rand() * 6,
    1: rand() * 2,
    2: rand() * 1.5,
    3: rand() < 0.3 ? 0 : rand(),
  });
  if (spec.arrivals) state.arrivalsPerHour = perHour();
  if (spec.forecast) {
    const ahead: ArrivalForecast[] = Array.from({ length: 10 }, (_, h) => ({
      // Two entries lie in the past and are ignored; the rest come unsorted.
      at: T0 + (h - 2) * 60 * MINUTE + int(1, 30) * MINUTE,
      perHour: perHour(),
    }));
    for (let i = ahead.length - 1; i > 0; i--) {
      const j = int(0, i);
      const [a, b] = [ahead[i], ahead[j]];
      if (a && b) [ahead[i], ahead[j]] = [b, a];
    }
    state.arrivalsAhead = ahead;
  }
  if (spec.travelMinutes !== undefined) state.travelMinutes = spec.travelMinutes;
  if (spec.closesAt !== undefined) state.closesAt = spec.closesAt;
  if (spec.typicalPlannedMinutes !== undefined) {
    state.typicalPlannedMinutes = spec.typicalPlannedMinutes;
  }
  return state;
}

/** [id, waitMinutes, expectedStart, expectedEnd, position] in the result's Map order. */
export type PinnedOrder = [number, number | null, number | null, number | null, number];

export interface PinnedResult {
  name: string;
  orders: PinnedOrder[];
  /** [priority, wait_time] per level. */
  serviceTimeEstimates: [number, number | null][];
}

export function pinnedResult(name: string, state: ShopQueueState): PinnedResult {
  const { orders, serviceTimeEstimates } = estimateQueue(state);
  return {
    name,
    orders: [...orders].map(([id, e]) => [
      id,
      e.waitMinutes,
      e.expectedStart,
      e.expectedEnd,
      e.position,
    ]),
    serviceTimeEstimates: serviceTimeEstimates.map((e) => [e.priority, e.wait_time]),
  };
}
