// Staff of one shop cannot see or act on another shop, and barbers cannot use manager calls.
import { expect, test } from '../fixtures';
import { staffToken } from '../pages/staff-console';

const OWN = 1;
const OTHER = 13;

test('staff of one shop cannot act on an order of another shop', async ({ request }) => {
  const otherToken = await staffToken(request, `barber${OTHER}`);
  const other = { Authorization: `Bearer ${otherToken}` };
  const catalogue = (await (await request.get(`/api/fi/pobs/${OTHER}/`)).json()) as {
    services: { id: number }[];
  };
  const walkIn = await request.post('/api/fi/staff/walk-ins/', {
    headers: other,
    data: { items: [{ service_id: catalogue.services[0]!.id }], name: 'Cross Shop' },
  });
  expect(walkIn.status(), await walkIn.text()).toBe(201);
  const orderId = ((await walkIn.json()) as { id: number }).id;
  const ownToken = await staffToken(request, `barber${OWN}`);
  const own = { Authorization: `Bearer ${ownToken}` };

  const queue = (await (await request.get('/api/fi/staff/queue/', { headers: own })).json()) as {
    pob: { id: number };
    orders: { id: number }[];
  };
  expect(queue.pob.id).toBe(OWN);
  expect(queue.orders.map((o) => o.id)).not.toContain(orderId);

  for (const action of ['start', 'finish', 'no-show', 'defer', 'cancel', 'undo']) {
    const response = await request.post(`/api/fi/staff/orders/${orderId}/${action}/`, {
      headers: own,
    });
    expect([403, 404], `${action}: ${response.status()}`).toContain(response.status());
  }

  // The order is untouched: the other shop's barber still sees it waiting and can start it.
  const otherQueue = (await (
    await request.get('/api/fi/staff/queue/', { headers: other })
  ).json()) as { orders: { id: number; state: string }[] };
  expect(otherQueue.orders.find((o) => o.id === orderId)?.state).toBe('waiting');
  const cancelled = await request.post(`/api/fi/staff/orders/${orderId}/cancel/`, {
    headers: other,
  });
  expect(cancelled.status()).toBe(200);
});

test("a manager cannot change another shop's services, and a barber cannot use manager calls", async ({
  request,
}) => {
  const manager = { Authorization: `Bearer ${await staffToken(request, `manager${OWN}`)}` };
  const otherServices = (await (await request.get(`/api/fi/pobs/${OTHER}/`)).json()) as {
    services: { id: number }[];
  };
  const foreign = otherServices.services[0]!.id;
  const ownServices = (await (
    await request.get('/api/fi/staff/services/', { headers: manager })
  ).json()) as { items: { id: number }[] };
  expect(ownServices.items.map((s) => s.id)).not.toContain(foreign);
  const patched = await request.patch(`/api/fi/staff/services/${foreign}/`, {
    headers: manager,
    data: { price: 1 },
  });
  expect([403, 404]).toContain(patched.status());

  const barber = { Authorization: `Bearer ${await staffToken(request, `barber${OWN}`)}` };
  expect((await request.get('/api/fi/staff/accounts/', { headers: barber })).status()).toBe(403);
  expect(
    (await request.get('/api/fi/staff/summary/?date=2026-11-21', { headers: barber })).status(),
  ).toBe(403);

  // A staff token of one market is no key to another market.
  expect([401, 403]).toContain(
    (await request.get('/api/ee/staff/queue/', { headers: manager })).status(),
  );
});
