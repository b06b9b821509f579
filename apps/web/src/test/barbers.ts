// Named barbers (issue 30) as the shop detail lists them, for the app's component tests.
import type { PublicBarber, ServiceTimeEstimate } from '@jono/contract';

export const estimate = (
  priority: number,
  wait_time: number,
  low: number,
  high: number,
): ServiceTimeEstimate => ({ priority, wait_time, wait_range: { low, high } });

export const makeBarber = (
  fields: Partial<PublicBarber> & Pick<PublicBarber, 'id' | 'first_name'>,
): PublicBarber => ({
  photo: null,
  languages: [],
  specialities: '',
  on_duty: true,
  next_shift_at: null,
  due_since: null,
  service_time_estimates: [],
  ...fields,
});

/** A stand-in for the browser's EventSource: a test pushes messages into the streams opened. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  /** Sends `data` to every open stream whose URL contains `path`. */
  static push(path: string, data: unknown) {
    for (const source of FakeEventSource.opened) {
      if (!source.closed && source.url.includes(path)) {
        source.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
      }
    }
  }
}
