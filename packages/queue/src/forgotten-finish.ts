// Forgotten finishes: services under way far past their kind's 95th percentile while customers
// wait at the shop (remaining-time.ts, probablyFinished). The estimate takes their chairs as free;
// the staff board asks staff whether they are done.
import { orderMinutes } from './list-schedule';
import { probablyFinished, someoneWaitingHere } from './remaining-time';
import type { ShopQueueState } from './types';

const MINUTE = 60_000;

/** The ids of the services under way that are probably finished, for the staff board. */
export function probablyFinishedIds(state: ShopQueueState): number[] {
  if (!someoneWaitingHere(state)) return [];
  const residuals = state.durationModel?.residuals ?? null;
  return state.orders
    .filter((o) => o.status === 'in_service' && o.startedAt !== undefined)
    .filter((o) =>
      probablyFinished(
        orderMinutes(state, o),
        (state.now - (o.startedAt ?? state.now)) / MINUTE,
        residuals,
      ),
    )
    .map((o) => o.id);
}
