// The shop snapshot before the queue engine is wired in: open by opening hours and staff state.
import { PRIORITY_LEVELS } from '@jono/contract';
import type { OpenTimeRow } from '../db/schema';
import type { SnapshotFn } from './shops';

export function localClock(timeZone: string, at: number): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

export function openNow(openTimes: OpenTimeRow[], timeZone: string, at: number): boolean {
  const { weekday, minutes } = localClock(timeZone, at);
  return openTimes.some(
    (t) => t.weekday === weekday && minutes >= toMinutes(t.open) && minutes < toMinutes(t.close),
  );
}

export const basicSnapshot =
  (now: () => number): SnapshotFn =>
  async (_ctx, pob) => {
    const open = openNow(pob.openTimes, pob.timeZone, now());
    const state =
      !open || pob.queueState === 'closed' ? 'closed' : pob.queueState === 'full' ? 'full' : 'open';
    return {
      open,
      closing_soon: false,
      queue_state: state,
      service_time_estimates: PRIORITY_LEVELS.map((priority) => ({ priority, wait_time: 0 })),
    };
  };
