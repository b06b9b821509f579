// The in-shop display's board: who is next (every one by ticket number, with first names when the
// shop chose them, and where they are in the staff board's words), who is being served, the wait
// for a new customer and the shop's notice, from the shop's cached view.
import { localised, ticketLabel, type DisplayBoard } from '@jono/contract';
import { staffPresence } from './presence';
import { publicBarbers } from './shops';
import type { ActiveOrderRow } from './queue-load';
import type { ShopQueueView } from './queue';

/** How many of the next customers the screen lists. */
export const DISPLAY_NEXT = 8;

export function displayLabel(o: ActiveOrderRow, names: 'first_name' | 'number'): string {
  const number = o.ticket === null ? `#${o.id}` : ticketLabel(o.ticket);
  if (names === 'number') return number;
  return firstNameOf(o) ?? number;
}

/** The customer's first name as the screen shows it (a walk-in's first word); null without. */
export function firstNameOf(o: ActiveOrderRow): string | null {
  return o.customer?.firstname.trim() || o.walkInName?.trim().split(/\s+/)[0] || null;
}

/** The board of a shop's current view (built once per change for every open display). */
export function displayBoard(view: ShopQueueView, now: number): DisplayBoard {
  const names = view.pob.displayNames === 'number' ? 'number' : 'first_name';
  const positioned = view.active.flatMap((o) => {
    const e = view.estimate.orders.get(o.id);
    return e ? [{ o, position: e.position }] : [];
  });
  const waiting = positioned
    .filter(({ o }) => o.startedAt === null)
    .sort((a, b) => a.position - b.position);
  return {
    pob: {
      id: view.pob.id,
      name: view.pob.name,
      address: view.pob.address,
      city: view.pob.city,
      open: view.status.open,
      queue_state: view.snapshot.queue_state,
      wait_time:
        view.estimate.serviceTimeEstimates.find((e) => e.priority === 0)?.wait_time ?? null,
      display_names: names,
      closing_soon: view.snapshot.closing_soon,
      notice:
        view.pob.notice === null
          ? null
          : localised(view.pob.notice, view.pob.translations, null, 'notice'),
    },
    next: waiting.slice(0, DISPLAY_NEXT).map(({ o, position }) => {
      // The board's words, from the one state model: the screen never says more or less.
      const presence = staffPresence(o, now);
      return {
        position,
        label: displayLabel(o, names),
        ticket: o.ticket,
        name: names === 'first_name' ? firstNameOf(o) : null,
        here: o.customerAtPob,
        presence: presence.state,
        presence_until:
          presence.state === 'held'
            ? presence.held_until
            : presence.state === 'deferred'
              ? presence.deferred_until
              : null,
      };
    }),
    serving: positioned
      .filter(({ o }) => o.startedAt !== null)
      .map(({ o }) => ({
        chair: o.chair ?? 0,
        label: displayLabel(o, names),
        ticket: o.ticket,
        name: names === 'first_name' ? firstNameOf(o) : null,
        ...(view.barbers.length > 0
          ? {
              barber_name: view.barbers.find((b) => b.row.id === o.servedBy)?.row.firstName ?? null,
            }
          : {}),
      }))
      .sort((a, b) => a.chair - b.chair),
    barbers: publicBarbers(view.snapshot),
    waiting: waiting.length,
    at: new Date(now).toISOString(),
  };
}
