// Test data factories for the staff API's answers.
import type { Pob, StaffQueue, StaffQueueOrder } from '@jono/contract';

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
      chairs,
      staff_queue_state: 'open',
      queue_state: 'open',
      open: true,
      closing_soon: false,
      notice: null,
      service_time_estimates: [
        { priority: 0, wait_time: 25, wait_range: { low: 25, high: 25 } },
        { priority: 3, wait_time: 5, wait_range: { low: 5, high: 5 } },
      ],
    },
    chairs: Array.from({ length: chairs }, (_, i) => {
      const order = orders.find((o) => o.state === 'in_service' && o.chair === i + 1);
      return {
        chair: i + 1,
        order_id: order?.id ?? null,
        customer_name: order?.customer_name ?? null,
        since: order?.started_at ?? null,
      };
    }),
    orders,
    recent: [],
    at: new Date().toISOString(),
  };
}

export function makeShop(): Pob {
  return {
    id: 1,
    name: 'Jono Kamppi',
    city: 'Helsinki',
    address: 'Urho Kekkosen katu 1',
    open: true,
    open_times: [{ weekday: 1, open: '00:00', close: '24:00' }],
    closing_soon: false,
    location: { latitude: '60.1699', longitude: '24.9384' },
    service_time_estimates: [{ priority: 0, wait_time: 10, wait_range: { low: 10, high: 10 } }],
    queue_state: 'open',
    queue_info: { queue_employees: 2 },
    image: false,
    notice: null,
    service_groups: [{ id: 1, title: 'Hair', display_order: 0, details: '', parent: null }],
    services: [
      {
        id: 11,
        group_id: 1,
        title: 'Haircut',
        display_order: 0,
        details: '',
        long_description: '',
        price: 3500,
        duration: 30,
      },
      {
        id: 12,
        group_id: 1,
        title: 'Beard trim',
        display_order: 1,
        details: '',
        long_description: '',
        price: 2000,
        duration: 15,
      },
    ],
    extra_services: [
      {
        service_id: 11,
        services: [
          {
            id: 21,
            group_id: null,
            title: 'Wash',
            display_order: 0,
            details: '',
            long_description: '',
            price: 500,
            duration: 5,
          },
        ],
      },
    ],
  };
}
