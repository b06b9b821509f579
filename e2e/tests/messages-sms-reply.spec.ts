// Messages both ways (issue 32): a customer who allows SMS joins, gets the turn-near SMS (read
// from the development outbox), answers "late 15" by SMS (the development inbox acts as the
// provider's inbound webhook), and both the app's tracking screen and the staff board show the
// deferral; then staff send a word to everyone waiting from the console and the tracking screen
// shows it (and it is texted too).
import type { APIRequestContext } from '@playwright/test';
import { expect, joinQueue, test, type Customer } from '../fixtures';
import { StaffConsole, staffToken, useStaffLanguage } from '../pages/staff-console';
import { TrackingPage } from '../pages/tracking-page';

// Jono Rotuaari: no other journey uses it. It is opened around the clock for this journey (and
// given back its hours after), so the run does not depend on the hour.
const SHOP = 12;
const CUSTOMER_NAME = 'Testi A.';
let hours: unknown;

test.use({ viewport: { width: 1024, height: 768 } });

async function manager(request: APIRequestContext) {
  return { Authorization: `Bearer ${await staffToken(request, `manager${SHOP}`)}` };
}

async function clearQueue(request: APIRequestContext) {
  const headers = await manager(request);
  const queue = (await (await request.get('/api/fi/staff/queue/', { headers })).json()) as {
    orders: { id: number }[];
  };
  for (const order of queue.orders) {
    await request.post(`/api/fi/staff/orders/${order.id}/cancel/`, { headers });
  }
  await request.patch('/api/fi/staff/shop/', { headers, data: { chairs: 1, queue_state: 'open' } });
}

test.beforeAll(async ({ request }) => {
  const headers = await manager(request);
  const shop = (await (await request.get(`/api/fi/pobs/${SHOP}/`)).json()) as {
    open_times: unknown;
  };
  hours = shop.open_times;
  const allDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    open: '00:00',
    close: '24:00',
  }));
  const set = await request.put('/api/fi/staff/shop/hours/', {
    headers,
    data: { open_times: allDay },
  });
  expect(set.ok(), await set.text()).toBe(true);
});
test.afterAll(async ({ request }) => {
  await clearQueue(request);
  await request.put('/api/fi/staff/shop/hours/', {
    headers: await manager(request),
    data: { open_times: hours },
  });
});
test.beforeEach(async ({ request }) => clearQueue(request));

/** The texts the development outbox holds for a phone, oldest first. */
async function textsTo(request: APIRequestContext, customer: Customer): Promise<string[]> {
  const res = await request.get('/api/fi/dev/sms-outbox', { params: { to: customer.phone } });
  const { items } = (await res.json()) as { items: { text: string }[] };
  return items.map((i) => i.text);
}

test('a turn-near SMS answered "late 15" moves the app and the board; a word from the console reaches the app', async ({
  loggedInPage: customerPage,
  request,
  customer,
  browser,
}) => {
  // The customer allows SMS (the fixture's customer does not).
  const allowed = await request.patch(`/api/fi/customers/${customer.id}/`, {
    headers: { Authorization: `Bearer ${customer.accessToken}` },
    data: { allow_sms: true },
  });
  expect(allowed.ok(), await allowed.text()).toBe(true);
  const before = (await textsTo(request, customer)).length;

  // First in line at a free chair: the turn is near at once, and the SMS says so.
  await joinQueue(request, customer, SHOP);
  await expect
    .poll(async () => (await textsTo(request, customer)).slice(before).join('\n'), {
      timeout: 15_000,
    })
    .toMatch(/Jono Rotuaari/);
  const afterAlert = (await textsTo(request, customer)).length;

  const tracking = new TrackingPage(customerPage);
  await tracking.open();
  await expect(tracking.title).toBeVisible();

  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staffPage = await staffContext.newPage();
  await useStaffLanguage(staffPage);
  const board = new StaffConsole(staffPage);
  await board.openSignedIn(request, `barber${SHOP}`);
  const card = board.customer(CUSTOMER_NAME);
  await expect(card).toBeVisible();

  // The answer by SMS, as the provider's inbound webhook would bring it.
  const inbound = await request.post('/api/fi/dev/sms-inbox', {
    data: { from: customer.phone, text: 'late 15' },
  });
  expect(inbound.ok(), await inbound.text()).toBe(true);
  // Answered by SMS within seconds.
  await expect
    .poll(async () => (await textsTo(request, customer)).length, { timeout: 15_000 })
    .toBeGreaterThan(afterAlert);
  // The app and the board show the deferral, live.
  await expect(
    customerPage.getByText(/You asked for more time: you will be called from/),
  ).toBeVisible();
  await expect(card).toContainText(/Deferred by the customer until/);

  // A word to everyone waiting, from the console's board.
  const notice = `Running 15 minutes late today (${Date.now() % 100_000})`;
  await staffPage.getByLabel('A word to everyone waiting').fill(notice);
  await staffPage.getByRole('button', { name: 'Send to everyone waiting' }).click();
  await expect(staffPage.getByText(/Sent: 1 see it in the app, 1 by SMS\./)).toBeVisible();
  await expect(customerPage.getByText(notice)).toBeVisible();
  await expect
    .poll(async () => (await textsTo(request, customer)).some((t) => t.includes(notice)), {
      timeout: 15_000,
    })
    .toBe(true);

  await staffContext.close();
});
