// Two tablets: the other tablet's change arrives over the stream while this tablet's own request
// for the board is still on the way with the board as it was. The change stays on screen (the
// answer crossed the message: lib live-cache in @jono/ui).
import { afterEach, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { makeOrder, makeQueue } from '../../../test/factories';
import { fakeApi, renderWithProviders, signIn } from '../../../test/render';
import { BoardRoute } from './board';

afterEach(() => vi.unstubAllGlobals());

it("keeps another tablet's change that arrived while its own older answer was on the way", async () => {
  const ville = makeOrder({ id: 7, state: 'in_service', chair: 1, customer_name: 'Ville' });
  const before = makeQueue([ville], 1);
  const after = makeQueue([ville], 0);
  signIn();
  const api = fakeApi({ 'GET /api/fi/staff/queue/': () => before });
  // The board's live stream, written by the test.
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const events = new ReadableStream<Uint8Array>({ start: (c) => void (stream = c) });
  // The second request for the board waits until the test answers it.
  let answer: () => void = () => undefined;
  let requests = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/fi/staff/events') {
        return new Response(events, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      if (path === '/api/fi/staff/queue/' && ++requests === 2) {
        const response = await api.fetchMock(input, init);
        await new Promise<void>((resolve) => (answer = resolve));
        return response;
      }
      return api.fetchMock(input, init);
    }),
  );
  renderWithProviders(<BoardRoute />);
  const chair = await screen.findByRole('listitem', { name: 'Chair 1' });
  expect(within(chair).queryByText('Off duty after this customer')).toBeNull();
  expect(await screen.findByText('Live', { exact: true })).toBeInTheDocument();

  // This tablet asks again (back in the foreground); its answer is on the way with `before`.
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
  await vi.waitFor(() => expect(requests).toBe(2));
  // Meanwhile the other tablet takes the chair off duty: the stream brings the board with it.
  stream?.enqueue(encoder.encode(`id: 2\ndata: ${JSON.stringify(after)}\n\n`));
  expect(await screen.findByText('Off duty after this customer')).toBeInTheDocument();
  // The older answer lands last: the chair still goes off after Ville.
  await act(async () => {
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.getByText('Off duty after this customer')).toBeInTheDocument();
});
