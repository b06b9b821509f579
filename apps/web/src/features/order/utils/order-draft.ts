// The order being built (section 4) as pure transitions: idle, pending once a service is added,
// back to idle when the last one goes, accepted after next, pending again on edit; and sending.
import type { CreateOrderPayload, OrderItem, Pob } from '@jono/contract';
import { currentChoice } from '../../../lib/barbers';

/** Fixed service amount per item (section 9). */
const AMOUNT = 1 as const;

export type DraftStatus = 'idle' | 'pending' | 'accepted';
export type SendStatus = 'idle' | 'pending' | 'fulfilled' | 'rejected';
export type SendError = 'timeSlot' | 'send';

export interface OrderDraft {
  shopId: number | null;
  status: DraftStatus;
  serviceIds: number[];
  /** Selected extras per service id. */
  extraServiceIds: Record<number, number[]>;
  /** The barber chosen (issue 30); null: the first available. */
  barberId: number | null;
  sending: SendStatus;
  error: SendError | null;
  errorMessage: string | null;
}

export const emptyDraft = (shopId: number | null = null): OrderDraft => ({
  shopId,
  status: 'idle',
  serviceIds: [],
  extraServiceIds: {},
  barberId: null,
  sending: 'idle',
  error: null,
  errorMessage: null,
});

/** Services are editable only while the shop takes orders and the order is idle or pending. */
export function canEdit(draft: OrderDraft, takingOrders: boolean): boolean {
  return takingOrders && (draft.status === 'idle' || draft.status === 'pending');
}

export function addService(draft: OrderDraft, serviceId: number): OrderDraft {
  if (draft.serviceIds.includes(serviceId)) return draft;
  return { ...draft, serviceIds: [...draft.serviceIds, serviceId], status: 'pending' };
}

/** Removing a service drops its extras; removing the last one returns to idle. */
export function removeService(draft: OrderDraft, serviceId: number): OrderDraft {
  if (!draft.serviceIds.includes(serviceId)) return draft;
  const serviceIds = draft.serviceIds.filter((id) => id !== serviceId);
  const extraServiceIds = { ...draft.extraServiceIds };
  delete extraServiceIds[serviceId];
  return { ...draft, serviceIds, extraServiceIds, status: serviceIds.length ? 'pending' : 'idle' };
}

export function toggleService(draft: OrderDraft, serviceId: number): OrderDraft {
  return draft.serviceIds.includes(serviceId)
    ? removeService(draft, serviceId)
    : addService(draft, serviceId);
}

export function toggleExtra(draft: OrderDraft, serviceId: number, extraId: number): OrderDraft {
  if (!draft.serviceIds.includes(serviceId)) return draft;
  const current = draft.extraServiceIds[serviceId] ?? [];
  const next = current.includes(extraId)
    ? current.filter((id) => id !== extraId)
    : [...current, extraId];
  return { ...draft, extraServiceIds: { ...draft.extraServiceIds, [serviceId]: next } };
}

/** Choosing a barber (null: the first available) is part of editing the order. */
export function chooseBarber(draft: OrderDraft, barberId: number | null): OrderDraft {
  if (draft.status === 'accepted' || draft.barberId === barberId) return draft;
  return { ...draft, barberId };
}

export function accept(draft: OrderDraft): OrderDraft {
  return draft.status === 'pending'
    ? { ...draft, status: 'accepted', error: null, errorMessage: null, sending: 'idle' }
    : draft;
}

export function edit(draft: OrderDraft): OrderDraft {
  return draft.status === 'accepted' ? { ...draft, status: 'pending' } : draft;
}

export function sendStarted(draft: OrderDraft): OrderDraft {
  return { ...draft, sending: 'pending', error: null, errorMessage: null };
}

export function sendSucceeded(draft: OrderDraft): OrderDraft {
  return { ...draft, sending: 'fulfilled' };
}

/** A failed send returns the order to editing with the notice. */
export function sendFailed(
  draft: OrderDraft,
  error: SendError,
  message: string | null,
): OrderDraft {
  return { ...draft, sending: 'rejected', status: 'pending', error, errorMessage: message };
}

export type NextStep = 'login' | 'confirmTimeZero' | 'accept';

/** The next button: a guest logs in first; a zero wait asks to confirm; otherwise accept. */
export function nextStep(input: { loggedIn: boolean; wait: number | null }): NextStep {
  if (!input.loggedIn) return 'login';
  if (input.wait === 0) return 'confirmTimeZero';
  return 'accept';
}

/**
 * The POST body: one item per service with its info and chosen extras, amounts fixed at 1, and
 * the chosen barber while the shop still lists them as working today (else the first available).
 */
export function orderPayload(shop: Pob, draft: OrderDraft): CreateOrderPayload {
  const items = draft.serviceIds.flatMap((serviceId): OrderItem[] => {
    const service = shop.services.find((s) => s.id === serviceId);
    if (!service) return [];
    const extras = shop.extra_services.find((e) => e.service_id === serviceId)?.services ?? [];
    const chosen = (draft.extraServiceIds[serviceId] ?? []).flatMap((extraId) => {
      const extra = extras.find((x) => x.id === extraId);
      return extra ? [{ amount: AMOUNT, service_id: extra.id, title: extra.title }] : [];
    });
    return [
      {
        amount: AMOUNT,
        service_id: service.id,
        service_info: {
          duration: service.duration,
          group_id: service.group_id,
          id: service.id,
          price: service.price,
          title: service.title,
        },
        extra_services: chosen,
      },
    ];
  });
  const barberId = currentChoice(shop.barbers, draft.barberId ?? null);
  return barberId === null
    ? { pob_id: shop.id, items }
    : { pob_id: shop.id, items, barber_id: barberId };
}

/** Sum of prices (cents) and durations (minutes) of the chosen services and extras. */
export function orderTotals(shop: Pob, draft: OrderDraft): { price: number; duration: number } {
  let price = 0;
  let duration = 0;
  for (const serviceId of draft.serviceIds) {
    const service = shop.services.find((s) => s.id === serviceId);
    if (!service) continue;
    price += service.price;
    duration += service.duration;
    const extras = shop.extra_services.find((e) => e.service_id === serviceId)?.services ?? [];
    for (const extraId of draft.extraServiceIds[serviceId] ?? []) {
      const extra = extras.find((x) => x.id === extraId);
      if (extra) {
        price += extra.price;
        duration += extra.duration;
      }
    }
  }
  return { price, duration };
}
