// The app's own arrival detection (issue 31): a customer who already let the app use their
// position (Chromium's geolocation emulation) is seen arriving at the shop: the tracking screen
// says so politely, the staff board shows them here, and "Not yet" undoes it.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, joinQueue, test } from '../fixtures';
import { StaffConsole, staffToken, useStaffLanguage } from '../pages/staff-console';
import { TrackingPage } from '../pages/tracking-page';

// Open around the clock in the demo data.
const SHOP = 13;
const CUSTOMER_NAME = 'Testi A.';
const AT_SHOP = "You're at the shop: we've told the barbers.";

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
}

test.beforeEach(async ({ request }) => clearQueue(request));
test.afterEach(async ({ request }) => clearQueue(request));

test('a customer who shared their position is seen arriving; "Not yet" undoes it', async ({
  loggedInPage: page,
  request,
  customer,
  browser,
  baseURL,
}) => {
  const shop = (await (await request.get(`/api/fi/pobs/${SHOP}/`)).json()) as {
    location: { latitude: string; longitude: string };
  };
  const lat = Number(shop.location.latitude);
  const lng = Number(shop.location.longitude);
  // Two kilometres north, then 30 m: one degree of latitude is about 111 km.
  const context = page.context();
  await context.grantPermissions(['geolocation'], { origin: baseURL });
  await context.setGeolocation({ latitude: lat + 2 / 111, longitude: lng, accuracy: 20 });

  await joinQueue(request, customer, SHOP);
  const tracking = new TrackingPage(page);
  await tracking.open();
  await expect(tracking.title).toBeVisible();
  await expect(
    page.getByText("When your phone's location shows you at the shop, we'll tell the barbers"),
  ).toBeVisible();
  await expect(page.getByText(AT_SHOP)).toHaveCount(0);

  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staffPage = await staffContext.newPage();
  await useStaffLanguage(staffPage);
  const board = new StaffConsole(staffPage);
  await board.login(`barber${SHOP}`);
  const card = board.customer(CUSTOMER_NAME);
  await expect(card).toContainText('Not here yet');

  // Walking in: the watch sees them within the shop's radius with an accurate fix.
  await context.setGeolocation({ latitude: lat + 0.03 / 111, longitude: lng, accuracy: 15 });
  const notice = page.getByRole('status').filter({ hasText: AT_SHOP });
  await expect(notice).toBeVisible();
  await expect(card).toContainText('Here');
  await expect(page.getByRole('button', { name: "I'm here" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Not there after all: away again, on the board too.
  await page.getByRole('button', { name: 'Not yet' }).click();
  await expect(page.getByText("we've told the barbers you're not there yet")).toBeVisible();
  await expect(card).toContainText('Not here yet');
  await expect(page.getByText(AT_SHOP)).toHaveCount(0);

  await staffContext.close();
});
