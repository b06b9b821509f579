// A shop as GET /pobs/{id}/ answers it: open, three chairs, two services and one extra.
import type { Pob, Service } from '@jono/contract';

const service = (fields: Partial<Service> & Pick<Service, 'id' | 'title'>): Service => ({
  group_id: 1,
  display_order: 0,
  details: '',
  long_description: '',
  price: 3900,
  duration: 25,
  ...fields,
});

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
    barbers: [],
    image: false,
    notice: null,
    service_groups: [{ id: 1, title: 'Haircuts', display_order: 0, details: '', parent: null }],
    services: [
      service({
        id: 11,
        title: 'Haircut',
        details: 'Classic cut',
        long_description: 'A classic cut with scissors.',
      }),
      service({
        id: 12,
        title: 'Clipper cut',
        display_order: 1,
        details: 'One length',
        price: 2500,
        duration: 15,
      }),
    ],
    extra_services: [
      {
        service_id: 11,
        services: [
          { ...service({ id: 21, title: 'Wash', price: 500, duration: 5 }), group_id: null },
        ],
      },
    ],
    accuracy: null,
    ...overrides,
  };
}
