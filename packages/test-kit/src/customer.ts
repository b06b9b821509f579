// A customer's profile and order as the customer API answers them.
import type { Order, Profile } from '@jono/contract';

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
