// Test data factories for the staff API's answers (shops come from @jono/test-kit).
import type { StaffBarber, StaffQueue, StaffQueueBarber, StaffQueueOrder } from '@jono/contract';

let nextId = 100;

export function makeOrder(overrides: Partial<StaffQueueOrder> = {}): StaffQueueOrder {
  const id = overrides.id ?? nextId++;
  return {
    id,
    position: 1,
    state: 'waiting',
    customer_name: `Customer ${id}`,
    customer_id: id,
    membership: 'none',
    priority: 0,
    source: 'app',
    checked_in: false,
    joined_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    waited_minutes: 5,
    estimate_minutes: 10,
    expected_end: null,
    chair: null,
    started_at: null,
    planned_minutes: 30,
    services: [{ service_id: 1, title: 'Haircut', duration: 30, price: 3500, extras: [] }],
    ...overrides,
  };
}

export function makeQueue(orders: StaffQueueOrder[], chairs = 2): StaffQueue {
  return {
    pob: {
      id: 1,
      name: 'Jono Kamppi',
      time_zone: 'Europe/Helsinki',
      chairs,
      staff_queue_state: 'open',
      queue_state: 'open',
      open: true,
      closing_soon: false,
      notice: null,
      notice_translations: {},
      service_time_estimates: [
        { priority: 0, wait_time: 25, wait_range: { low: 25, high: 25 } },
        { priority: 3, wait_time: 5, wait_range: { low: 5, high: 5 } },
      ],
    },
    chairs: chairList(orders, chairs),
    orders,
    recent: [],
    at: new Date().toISOString(),
  };
}

/** Chairs as the server shows them: free or busy, draining above those on duty, who sits next. */
function chairList(orders: StaffQueueOrder[], onDuty: number): StaffQueue['chairs'] {
  const next = orders.filter(
    (o) => o.state === 'waiting' && (o.presence?.state ?? (o.checked_in ? 'here' : '')) === 'here',
  );
  const seated = orders.filter((o) => o.state === 'in_service');
  const top = Math.max(onDuty, ...seated.map((o) => o.chair ?? 0));
  let free = 0;
  const chairs: StaffQueue['chairs'] = [];
  for (let c = 1; c <= top; c++) {
    const order = seated.find((o) => o.chair === c);
    if (!order && c > onDuty) continue;
    chairs.push({
      chair: c,
      state: order ? (c > onDuty ? 'draining' : 'busy') : 'free',
      order_id: order?.id ?? null,
      customer_name: order?.customer_name ?? null,
      since: order?.started_at ?? null,
      next_order_id: order ? null : (next[free++]?.id ?? null),
    });
  }
  return chairs;
}

export function makeStaffBarber(overrides: Partial<StaffBarber> = {}): StaffBarber {
  const id = overrides.id ?? nextId++;
  return {
    id,
    first_name: `Barber ${id}`,
    photo: null,
    languages: ['fi'],
    specialities: '',
    translations: {},
    staff_id: null,
    week: [],
    on_duty: false,
    chair: null,
    on_duty_since: null,
    ...overrides,
  };
}

export function makeQueueBarber(overrides: Partial<StaffQueueBarber> = {}): StaffQueueBarber {
  const id = overrides.id ?? nextId++;
  return {
    id,
    first_name: `Barber ${id}`,
    photo: null,
    on_duty: false,
    chair: null,
    shift_ends_at: null,
    next_shift_at: null,
    due_since: null,
    waiting_order_ids: [],
    next_order_id: null,
    ...overrides,
  };
}

/**
 * A board of a shop with named barbers: one chair per barber on duty (their own chair number),
 * each free chair with whom its Start seats as the server says (`next`, by chair).
 */
export function makeBarberQueue(
  orders: StaffQueueOrder[],
  barbers: StaffQueueBarber[],
  next: Record<number, number> = {},
): StaffQueue {
  const base = makeQueue(orders, 0);
  const chairs = barbers
    .filter((barber) => barber.on_duty && barber.chair !== null)
    .map((barber) => {
      const chair = barber.chair ?? 0;
      const order = orders.find((o) => o.state === 'in_service' && o.chair === chair);
      return {
        chair,
        state: order ? ('busy' as const) : ('free' as const),
        order_id: order?.id ?? null,
        customer_name: order?.customer_name ?? null,
        since: order?.started_at ?? null,
        next_order_id: order ? null : (next[chair] ?? null),
        barber_id: barber.id,
        barber_name: barber.first_name,
      };
    });
  return { ...base, pob: { ...base.pob, chairs: chairs.length }, chairs, barbers };
}
