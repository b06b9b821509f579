import { describe, expect, it } from 'vitest';
import type { Pob } from '@jono/contract';
import {
  accept,
  canEdit,
  chooseBarber,
  edit,
  emptyDraft,
  nextStep,
  orderPayload,
  orderTotals,
  removeService,
  sendFailed,
  sendStarted,
  toggleExtra,
  toggleService,
} from './order-draft';

const shop = {
  id: 7,
  services: [
    { id: 1, group_id: 10, title: 'Haircut', price: 3900, duration: 25 },
    { id: 5, group_id: 10, title: 'Clipper cut', price: 2500, duration: 15 },
  ],
  extra_services: [
    { service_id: 1, services: [{ id: 2, title: 'Wash', price: 500, duration: 5 }] },
  ],
} as unknown as Pob;

describe('building an order', () => {
  it('becomes pending when a service is added and idle when the last is removed', () => {
    const one = toggleService(emptyDraft(7), 1);
    expect(one.status).toBe('pending');
    const two = toggleService(one, 5);
    expect(removeService(two, 1).status).toBe('pending');
    expect(removeService(removeService(two, 1), 5).status).toBe('idle');
  });

  it('drops the extras of a removed service', () => {
    const withExtra = toggleExtra(toggleService(emptyDraft(7), 1), 1, 2);
    expect(withExtra.extraServiceIds[1]).toEqual([2]);
    expect(toggleService(withExtra, 1).extraServiceIds[1]).toBeUndefined();
  });

  it('adds extras only to chosen services', () => {
    expect(toggleExtra(emptyDraft(7), 1, 2).extraServiceIds).toEqual({});
  });

  it('is accepted after next and pending again on edit', () => {
    const accepted = accept(toggleService(emptyDraft(7), 1));
    expect(accepted.status).toBe('accepted');
    expect(edit(accepted).status).toBe('pending');
    expect(accept(emptyDraft(7)).status).toBe('idle');
  });

  it('is editable only while the shop takes orders and the order is idle or pending', () => {
    const pending = toggleService(emptyDraft(7), 1);
    expect(canEdit(pending, true)).toBe(true);
    expect(canEdit(pending, false)).toBe(false);
    expect(canEdit(accept(pending), true)).toBe(false);
  });

  it('returns to editing with the notice when sending fails', () => {
    const sending = sendStarted(accept(toggleService(emptyDraft(7), 1)));
    expect(sending.sending).toBe('pending');
    const failed = sendFailed(sending, 'timeSlot', 'Could not allocate time slot for order');
    expect(failed).toMatchObject({ status: 'pending', sending: 'rejected', error: 'timeSlot' });
    expect(failed.serviceIds).toEqual([1]);
  });
});

describe('the next button', () => {
  it('asks a guest to log in first', () => {
    expect(nextStep({ loggedIn: false, wait: 0 })).toBe('login');
  });

  it('asks to confirm when the wait is zero', () => {
    expect(nextStep({ loggedIn: true, wait: 0 })).toBe('confirmTimeZero');
  });

  it('accepts otherwise', () => {
    expect(nextStep({ loggedIn: true, wait: 12 })).toBe('accept');
    expect(nextStep({ loggedIn: true, wait: null })).toBe('accept');
  });
});

describe('the order sent', () => {
  it('has one item per service with its info and chosen extras, amounts 1', () => {
    const draft = toggleExtra(toggleService(toggleService(emptyDraft(7), 1), 5), 1, 2);
    expect(orderPayload(shop, draft)).toEqual({
      pob_id: 7,
      items: [
        {
          amount: 1,
          service_id: 1,
          service_info: { duration: 25, group_id: 10, id: 1, price: 3900, title: 'Haircut' },
          extra_services: [{ amount: 1, service_id: 2, title: 'Wash' }],
        },
        {
          amount: 1,
          service_id: 5,
          service_info: { duration: 15, group_id: 10, id: 5, price: 2500, title: 'Clipper cut' },
          extra_services: [],
        },
      ],
    });
    expect(orderTotals(shop, draft)).toEqual({ price: 6900, duration: 45 });
  });
});

describe('choosing a barber', () => {
  const barber = (id: number, fields: Partial<Pob['barbers'][number]> = {}) => ({
    id,
    first_name: `Barber ${id}`,
    photo: null,
    languages: [],
    specialities: '',
    on_duty: true,
    next_shift_at: null,
    service_time_estimates: [],
    ...fields,
  });
  const withBarbers = {
    ...shop,
    barbers: [barber(3), barber(4, { on_duty: false, next_shift_at: null })],
  } as Pob;

  it('sends the chosen barber with the order, and no barber for the first available', () => {
    const draft = toggleService(emptyDraft(7), 1);
    expect(orderPayload(withBarbers, draft)).not.toHaveProperty('barber_id');
    expect(orderPayload(withBarbers, chooseBarber(draft, 3)).barber_id).toBe(3);
    expect(
      orderPayload(withBarbers, chooseBarber(chooseBarber(draft, 3), null)),
    ).not.toHaveProperty('barber_id');
  });

  it('falls back to the first available when the barber is gone or done for the day', () => {
    const draft = toggleService(emptyDraft(7), 1);
    expect(orderPayload(withBarbers, chooseBarber(draft, 4))).not.toHaveProperty('barber_id');
    expect(orderPayload(withBarbers, chooseBarber(draft, 99))).not.toHaveProperty('barber_id');
  });

  it('is kept while editing and fixed once the order is accepted', () => {
    const pending = chooseBarber(toggleService(emptyDraft(7), 1), 3);
    const accepted = accept(pending);
    expect(chooseBarber(accepted, null).barberId).toBe(3);
    expect(edit(accepted).barberId).toBe(3);
  });
});
