import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { makeOrder } from '@jono/test-kit';
import { describe, expect, it } from 'vitest';
import { orderQueryOptions } from '../api/get-order';
import { newestOrder } from './newest-order';

const at = (iso: string) => `2026-11-23T17:${iso}.000Z`;

describe('the cached order', () => {
  it('keeps a live message about a later moment when an older answer arrives after it', () => {
    const alerted = makeOrder({ id: 5, as_of: at('11:02'), customer_at_pob: false });
    const older = makeOrder({ id: 5, as_of: at('11:01'), customer_at_pob: true });
    expect(newestOrder(alerted, older)).toBe(alerted);
    const newer = makeOrder({ id: 5, as_of: at('11:03'), customer_at_pob: true });
    expect(newestOrder(alerted, newer)).toEqual(newer);
  });

  it('takes the answer when either side does not say when it was read, or it is another order', () => {
    const first = makeOrder({ id: 5, as_of: at('11:02') });
    expect(newestOrder(first, makeOrder({ id: 5, as_of: undefined }))).not.toBe(first);
    expect(newestOrder(undefined, first)).toEqual(first);
    expect(newestOrder(first, makeOrder({ id: 6, as_of: at('10:00') })).id).toBe(6);
  });

  it('applies the rule to every write of the tracked order: fetches and live messages alike', () => {
    const client = new QueryClient();
    const options = orderQueryOptions('fi', 1, 5);
    // The tracking screen observes the order with these options.
    new QueryObserver(client, { ...options, enabled: false });
    client.setQueryData(options.queryKey, makeOrder({ id: 5, as_of: at('11:02'), ahead: 0 }));
    client.setQueryData(options.queryKey, makeOrder({ id: 5, as_of: at('11:01'), ahead: 3 }));
    expect(client.getQueryData(options.queryKey)?.ahead).toBe(0);
    client.setQueryData(options.queryKey, makeOrder({ id: 5, as_of: at('11:04'), ahead: 1 }));
    expect(client.getQueryData(options.queryKey)?.ahead).toBe(1);
  });
});
