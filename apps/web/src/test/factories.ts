// Test data factories: shops, orders and profiles shaped like the API's answers.
import type { Order, Pob, Profile } from '@jono/contract';

export function makeShop(overrides: Partial<Pob> = {}): Pob {
  return {
    id: 1,
    name: 'Jono Kamppi',
    city: 'Helsinki',
    address: 'Urho Kekkosen katu 1',
    open: true,
    open_times: [{ weekday: 1, open: '09:00', close: '19:00' }],
    closing_soon: false,
    location: { latitude: '60.1688', longitude: '24.9325' },
    service_time_estimates: [
      { priority: 3, wait_time: 0, wait_range: { low: 0, high: 0 } },
      { priority: 0, wait_time: 0, wait_range: { low: 0, high: 0 } },
    ],
    queue_state: 'open',
    queue_info: { queue_employees: 3 },
    image: false,
    notice: null,
    service_groups: [{ id: 1, title: 'Haircuts', display_order: 0, details: '', parent: null }],
    services: [
      {
        id: 11,
        group_id: 1,
        title: 'Haircut',
        display_order: 0,
        details: 'Classic cut',
        long_description: 'A classic cut with scissors.',
        price: 3900,
        duration: 25,
      },
      {
        id: 12,
        group_id: 1,
        title: 'Clipper cut',
        display_order: 1,
        details: 'One length',
        long_description: '',
        price: 2500,
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
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 42,
    phone: '+358400000001',
    email: null,
    firstname: 'Testi',
    lastname: 'Asiakas',
    allow_email: false,
    allow_sms: true,
    app_language: 'en_GB',
    city: null,
    date_of_birth: null,
    post_code: null,
    sex: null,
    street_address: null,
    tutorial_seen: true,
    active_order_id: null,
    fcm_token: null,
    membership: null,
    bonus: null,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 900,
    date: '2026-11-21T10:00:00Z',
    pob_id: 1,
    status: 'active',
    customer_at_pob: false,
    service_time_estimate: { wait_time: 25, wait_range: { low: 20, high: 35 } },
    items: [
      {
        amount: 1,
        service_id: 11,
        service_info: { duration: 25, group_id: 1, id: 11, price: 3900, title: 'Haircut' },
        extra_services: [{ amount: 1, service_id: 21, title: 'Wash', price: 500, duration: 5 }],
      },
    ],
    ...overrides,
  };
}

type Handler = (
  url: URL,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch replacement answering from handlers tried in order; unknown calls answer 404. */
export function fakeFetch(...handlers: Handler[]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    });
    for (const handler of handlers) {
      const answer = await handler(url, init);
      if (answer) return answer;
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  };
  return { fetchImpl, calls };
}
