// A barber runs the queue from the staff console on the reception tablet while the customer
// follows on the tracking screen, and a walk-in added at the desk changes what customers see.
import type { APIRequestContext } from '@playwright/test';
import { catalogueOf, expect, joinQueue, test } from '../fixtures';
import { StaffConsole, staffToken, useStaffLanguage } from '../pages/staff-console';
import { TrackingPage } from '../pages/tracking-page';

// Jono Limingantulli is open around the clock in the demo data; other journeys use other shops.
const SHOP = 13;
const CUSTOMER_NAME = 'Testi A.';

test.use({ viewport: { width: 1024, height: 768 } });

async function clearQueue(request: APIRequestContext) {
  const token = await staffToken(request, `manager${SHOP}`);
  const headers = { Authorization: `Bearer ${token}` };
  const queue = (await (await request.get('/api/fi/staff/queue/', { headers })).json()) as {
    orders: { id: number }[];
  };
  for (const order of queue.orders) {
    await request.post(`/api/fi/staff/orders/${order.id}/cancel/`, { headers });
  }
  await request.patch('/api/fi/staff/shop/', { headers, data: { chairs: 2, queue_state: 'open' } });
}

test.beforeEach(async ({ request }) => clearQueue(request));
test.afterEach(async ({ request }) => clearQueue(request));

test('a barber serves a customer who joined from the app, and the tracking screen follows each step', async ({
  loggedInPage: customerPage,
  request,
  customer,
  browser,
}) => {
  await joinQueue(request, customer, SHOP);
  const tracking = new TrackingPage(customerPage);
  await tracking.open();
  await expect(tracking.title).toBeVisible();

  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staffPage = await staffContext.newPage();
  await useStaffLanguage(staffPage);
  const board = new StaffConsole(staffPage);
  await board.login(`barber${SHOP}`);

  const card = board.customer(CUSTOMER_NAME);
  await expect(card).toBeVisible();
  await expect(card).toContainText('App');
  await expect(card).toContainText('Not here yet');

  // The customer checks in; the board shows it live.
  await tracking.checkInButton().click();
  await expect(card).toContainText('Here');

  // Start: the customer leaves the queue list for a chair; the tracking screen says so and no
  // longer offers to leave.
  await board.act(CUSTOMER_NAME, 'Start');
  await expect(board.notices).toContainText(`${CUSTOMER_NAME} is in the chair.`);
  await expect(board.chairOf(CUSTOMER_NAME)).toContainText('0 of');
  await expect(card).toHaveCount(0);
  await expect(customerPage.getByRole('heading', { name: 'You are in the chair' })).toBeVisible();
  await expect(tracking.leaveButton).toHaveCount(0);

  // Finish: the visit ends and the customer is thanked.
  await board.finish(CUSTOMER_NAME);
  await expect(board.notices).toContainText(`${CUSTOMER_NAME} is done.`);
  await expect(customerPage.getByText('Thank you for your visit!')).toBeVisible();
  await expect(board.chairOf(CUSTOMER_NAME)).toHaveCount(0);

  await staffContext.close();
});

test('a finished service can be undone from the board', async ({ page, request, customer }) => {
  await joinQueue(request, customer, SHOP);
  await useStaffLanguage(page);
  const board = new StaffConsole(page);
  await board.openSignedIn(request, `barber${SHOP}`);

  await board.act(CUSTOMER_NAME, 'Start');
  await board.finish(CUSTOMER_NAME);
  await board.notices.getByRole('button', { name: 'Undo' }).click();
  await expect(board.notices).toContainText('Undone.');
  await expect(board.chairOf(CUSTOMER_NAME)).toBeVisible();
});

test('a walk-in added at the desk lengthens the wait customers see', async ({ page, request }) => {
  const token = await staffToken(request, `manager${SHOP}`);
  await request.patch('/api/fi/staff/shop/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { chairs: 1 },
  });
  const oneTimeWait = async () => {
    const shop = (await (await request.get(`/api/fi/pobs/${SHOP}/`)).json()) as {
      service_time_estimates: { priority: number; wait_time: number }[];
    };
    return shop.service_time_estimates.find((e) => e.priority === 0)?.wait_time ?? -1;
  };
  const before = await oneTimeWait();

  await useStaffLanguage(page);
  const board = new StaffConsole(page);
  await board.openSignedIn(request, `barber${SHOP}`);
  // The console asks for the catalogue in its own language (English here).
  const service = (await catalogueOf(request, SHOP, 'en')).services[0]!;
  await board.addWalkIn([service.title], 'Walker');
  await expect(board.notices).toContainText('Walker added to the queue.');
  await expect(board.customer('Walker')).toContainText('Walk-in');

  // The estimate follows the shop's real durations, so it grows by about the service's length.
  await expect.poll(oneTimeWait).toBeGreaterThan(before + service.duration / 2);
  const after = await oneTimeWait();
  await expect(page.getByRole('region', { name: 'New customer waits' })).toContainText(
    `One-time${after} min`,
  );
});
