// The shop page's answer and the shop's live messages cross on the way: a message that arrived
// while the answer was on the way is applied to it (packages/ui live-cache), so the page never
// shows the wait from before a change it has already been told of.
import { afterEach, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Pob } from '@jono/contract';
import { fakeFetch, json, makeShop } from '@jono/test-kit';
import { pushLive } from '@jono/ui';
import { shopQueryOptions } from './get-shop';

afterEach(() => vi.unstubAllGlobals());

it("keeps a live message's state that arrived while the shop's older answer was on the way", async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const before = makeShop({ id: 1 });
  let answer: () => void = () => undefined;
  const { fetchImpl } = fakeFetch((url) =>
    url.pathname.endsWith('/pobs/1/')
      ? new Promise<Response>((resolve) => (answer = () => resolve(json(200, before))))
      : undefined,
  );
  const fetch = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetch);
  const options = shopQueryOptions('fi', 1);
  const loading = client.fetchQuery(options);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
  // The shop fills up meanwhile: its stream says so, merged as useShopEvents merges it.
  const change = { queue_state: 'full' as const };
  pushLive<Pob>(client, options.queryKey, (shop) => (shop ? { ...shop, ...change } : shop));
  answer();
  await loading;
  expect(before.queue_state).not.toBe('full');
  expect(client.getQueryData(options.queryKey)).toMatchObject({ id: 1, queue_state: 'full' });
});
