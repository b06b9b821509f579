import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { refreshAfterChange } from './refresh';

const key = ['staff-queue', 'fi', 1] as const;

describe('refreshAfterChange', () => {
  it('drops a read not on screen, so the screen opened next waits for the fresh one', async () => {
    const client = new QueryClient();
    let served = 'before';
    await client.fetchQuery({ queryKey: key, queryFn: () => served });
    served = 'after';
    await refreshAfterChange(client, key);
    expect(client.getQueryData(key)).toBeUndefined();
    // Opening the board: no cached answer to show first, only the fresh one.
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => served });
    expect(observer.getCurrentResult().data).toBeUndefined();
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((r) => {
      if (r.data !== undefined) seen.push(r.data);
    });
    await vi.waitFor(() => expect(seen).toEqual(['after']));
    unsubscribe();
  });

  it('refetches a read on screen in place, keeping what it shows until the answer comes', async () => {
    const client = new QueryClient();
    let served = 'before';
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => served });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('before'));
    served = 'after';
    const refreshing = refreshAfterChange(client, key);
    expect(client.getQueryData(key)).toBe('before');
    await refreshing;
    expect(client.getQueryData(key)).toBe('after');
    unsubscribe();
  });
});
