// A queue people can see without a phone: the manager sets up the shop's screen and door kiosk
// with device codes, a walk-in joins at the kiosk and appears on the screen and the staff board
// live, and a revoked code stops the screen.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, joinQueue, test } from '../fixtures';
import { StaffConsole, staffToken, useStaffLanguage } from '../pages/staff-console';
import { latestSmsCode } from '../pages/account-pages';

// Jono shop 5 is open around the clock in the demo data; other journeys use other shops.
const SHOP = 5;

async function clearQueue(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await staffToken(request, `manager${SHOP}`)}` };
  const queue = (await (await request.get('/api/fi/staff/queue/', { headers })).json()) as {
    orders: { id: number }[];
  };
  for (const order of queue.orders) {
    const cancelled = await request.post(`/api/fi/staff/orders/${order.id}/cancel/`, { headers });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
  }
  // One chair on duty and the queue open. The shop has named barbers: chairs on duty are its
  // barbers on duty, so `chairs: 1` signs barbers on or off until one is (409
  // chairs_follow_barbers if it had none, which the demo data never leaves it).
  const reset = await request.patch('/api/fi/staff/shop/', {
    headers,
    data: { chairs: 1, queue_state: 'open' },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
  const board = (await reset.json()) as {
    pob: { chairs: number; staff_queue_state: string };
    barbers?: { on_duty: boolean }[];
  };
  expect(board.pob).toMatchObject({ chairs: 1, staff_queue_state: 'open' });
  expect(board.barbers?.filter((b) => b.on_duty) ?? []).toHaveLength(1);
}

test.beforeEach(async ({ request }) => clearQueue(request));
test.afterEach(async ({ request }) => clearQueue(request));

async function englishDevice(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem(
      'jono.locale',
      JSON.stringify({ state: { locale: 'FI', language: 'en' }, version: 0 }),
    );
  });
}

test('a walk-in joins at the door kiosk and appears on the shop screen and the staff board live', async ({
  browser,
  request,
}) => {
  // The manager creates the screen's code in the console; the code is shown once.
  const managerContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const managerPage = await managerContext.newPage();
  await useStaffLanguage(managerPage);
  const manager = new StaffConsole(managerPage);
  await manager.openSignedIn(request, `manager${SHOP}`);
  await manager.openManage('Screens and kiosks');
  await managerPage.getByRole('textbox', { name: 'Name' }).fill('Screen by the window');
  await managerPage.getByRole('button', { name: 'Create code' }).click();
  const created = managerPage.getByRole('dialog', { name: 'New device code' });
  const displayCode = (await created.locator('code').textContent())?.trim() ?? '';
  expect(displayCode).toMatch(/^FI-/);
  await created.getByRole('button', { name: 'Close' }).click();
  await managerPage.getByRole('radio', { name: 'Door kiosk' }).check();
  await managerPage.getByRole('textbox', { name: 'Name' }).fill('Tablet at the door');
  await managerPage.getByRole('button', { name: 'Create code' }).click();
  const kioskCode = (await created.locator('code').textContent())?.trim() ?? '';
  await created.getByRole('button', { name: 'Close' }).click();

  // The screen in the shop.
  const screenContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const screen = await screenContext.newPage();
  await englishDevice(screen);
  await screen.goto(`/display/${SHOP}`);
  await screen.getByLabel('Device code').fill(displayCode);
  await screen.getByRole('button', { name: 'Start' }).click();
  await expect(screen.getByText('No one is waiting. Take a seat!')).toBeVisible();
  await expect(screen.getByRole('img', { name: /QR code: open .* in the Jono app/ })).toBeVisible();
  await expectNoSeriousA11yViolations(screen);

  // The barber's board.
  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staffPage = await staffContext.newPage();
  await useStaffLanguage(staffPage);
  const board = new StaffConsole(staffPage);
  await board.openSignedIn(request, `barber${SHOP}`);

  // The kiosk at the door: a walk-in picks a service, types a name and joins.
  const kioskContext = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const kiosk = await kioskContext.newPage();
  await englishDevice(kiosk);
  await kiosk.goto(`/kiosk/${SHOP}`);
  await kiosk.getByLabel('Device code').fill(kioskCode.toLowerCase());
  await kiosk.getByRole('button', { name: 'Start' }).click();
  await expect(kiosk.getByRole('button', { name: 'Join the queue' })).toBeVisible();
  await expectNoSeriousA11yViolations(kiosk);
  // Sized for a door tablet: the main button and each service row are at least 48 px high.
  const joinBox = await kiosk.getByRole('button', { name: 'Join the queue' }).boundingBox();
  expect(joinBox?.height ?? 0).toBeGreaterThanOrEqual(48);
  const rowBox = await kiosk.locator('.kiosk__service > label').first().boundingBox();
  expect(rowBox?.height ?? 0).toBeGreaterThanOrEqual(48);
  await kiosk.getByRole('button', { name: 'Join the queue' }).click();
  await expect(kiosk.getByText('Choose at least one service.')).toBeVisible();
  await kiosk.getByRole('checkbox').first().check();
  await kiosk.getByLabel('Your first name').fill('Ville');
  // A number gets a code first (issue 27): typed at the kiosk, it proves the number and that
  // Ville is here.
  const walkInPhone = `+35845${String(Date.now()).slice(-7)}`;
  await kiosk.getByLabel('Phone number (optional)').fill(walkInPhone);
  await kiosk.getByRole('button', { name: 'Join the queue' }).click();
  await expect(kiosk.getByRole('heading', { name: 'You are in the queue' })).toBeVisible();
  await expect(kiosk.getByRole('status')).toContainText('Number 1 in line');
  await expectNoSeriousA11yViolations(kiosk);
  const smsCode = await latestSmsCode(request, walkInPhone, 6);
  await kiosk.getByLabel('Code from the text message').fill(smsCode);
  await kiosk.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    kiosk.getByText('Thank you: we will text you when your turn is near.'),
  ).toBeVisible();

  // The screen and the board show the walk-in without a reload.
  const row = screen.getByRole('listitem').filter({ hasText: 'Ville' });
  await expect(row).toBeVisible();
  // By number too, as the kiosk gave it.
  await expect(row.locator('.display__ticket')).toHaveText(/^\d{3}$/);
  await expectNoSeriousA11yViolations(screen);
  // Readable from 5 m on a 720p, 1080p and 4K TV: names about 5 % of the height, no overflow.
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    await screen.setViewportSize({ width, height });
    const name = row.locator('.display__label');
    const size = await name.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size, `${width}x${height}`).toBeGreaterThanOrEqual(height * 0.045);
    const wide = await screen.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, `${width}x${height}`).toBeLessThanOrEqual(width);
  }
  const card = board.customer('Ville');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Kiosk');
  await expect(card).toContainText('Here');

  // The manager revokes the screen's code: the screen asks for a new one.
  await managerPage.getByRole('button', { name: 'Revoke Screen by the window' }).click();
  await managerPage.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(screen.getByText('This device code no longer works.', { exact: false })).toBeVisible(
    {
      timeout: 30_000,
    },
  );

  // And the kiosk's: it stops offering the queue by itself, before anyone tries to join.
  await managerPage.getByRole('button', { name: 'Revoke Tablet at the door' }).click();
  await managerPage.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(kiosk.getByText('This device code no longer works.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });

  await Promise.all([
    managerContext.close(),
    screenContext.close(),
    staffContext.close(),
    kioskContext.close(),
  ]);
});

test('a customer asks for more time, sees the new wait before confirming, and staff see it', async ({
  loggedInPage: page,
  request,
  customer,
  browser,
}) => {
  // Someone is in the only chair and the customer is next: 30 more minutes moves them back.
  const headers = { Authorization: `Bearer ${await staffToken(request, `manager${SHOP}`)}` };
  const shop = (await (await request.get(`/api/fi/pobs/${SHOP}/`)).json()) as {
    services: { id: number }[];
  };
  const walkIn = await request.post('/api/fi/staff/walk-ins/', {
    headers,
    data: { items: [{ service_id: shop.services[0]?.id }], name: 'Chair' },
  });
  await request.post(`/api/fi/staff/orders/${(await walkIn.json()).id}/start/`, { headers });
  await joinQueue(request, customer, SHOP);

  await page.goto('/tracking');
  const wait = page.locator('.queue-timer__value').first();
  await expect(wait).not.toHaveText('');
  const before = Number(await wait.textContent());
  await page.getByRole('button', { name: 'I need more time' }).click();
  await page.getByRole('radio', { name: '30 minutes' }).check();
  await page.getByRole('button', { name: 'Show my new wait' }).click();
  const preview = page.getByRole('status').filter({ hasText: 'Your new wait would be about' });
  await expect(preview).toBeVisible();
  const shown = Number(/about (\d+) minute/.exec((await preview.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThanOrEqual(30);
  expect(shown).toBeGreaterThan(before);
  await page.getByRole('button', { name: 'Move me back' }).click();
  await expect(page.getByText('You asked for more time: you will be called from')).toBeVisible();
  await expect(wait).toHaveText(String(shown));

  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staffPage = await staffContext.newPage();
  await useStaffLanguage(staffPage);
  const board = new StaffConsole(staffPage);
  await board.openSignedIn(request, `barber${SHOP}`);
  await expect(board.customer('Testi A.')).toContainText('Deferred by the customer until');
  await staffContext.close();
});

test('a customer shares their position, is told when to leave, and their spot is held until they arrive', async ({
  loggedInPage: page,
  request,
  customer,
  browser,
}) => {
  const shop = (await (await request.get(`/api/fi/pobs/${SHOP}/`)).json()) as {
    location: { latitude: string; longitude: string };
    open_times: unknown;
  };
  // Half a kilometre north of the shop, on foot: about 10-11 minutes (scaled by how long this
  // shop's customers really took, which earlier journeys of the run may have taught it).
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({
    latitude: Number(shop.location.latitude) + 0.5 / 111.2,
    longitude: Number(shop.location.longitude),
  });
  // Texts allowed (the alert comes by SMS without a push subscription).
  await request.patch(`/api/fi/customers/${customer.id}/`, {
    headers: { Authorization: `Bearer ${customer.accessToken}` },
    data: { allow_sms: true },
  });
  await joinQueue(request, customer, SHOP);
  await page.goto('/tracking');
  await page.getByRole('button', { name: 'Use my location once' }).click();

  // No one is ahead, so it is time to leave at once, at any hour: quiet hours are not for a
  // customer waiting for their turn (services/leave-now.ts).
  await expect(page.getByRole('heading', { name: 'You are on your way' })).toBeVisible();
  const { items } = (await (
    await request.get('/api/fi/dev/sms-outbox', { params: { to: customer.phone } })
  ).json()) as { items: { text: string }[] };
  expect(items.filter((m) => /lähde nyt|time to leave/i.test(m.text))).toHaveLength(1);
  await expect(page.getByText(/^Your spot is held until/)).toBeVisible();

  // The barber sees them on the way and cannot mark them a no-show while the spot is held.
  const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staffPage = await staffContext.newPage();
  await useStaffLanguage(staffPage);
  const board = new StaffConsole(staffPage);
  await board.openSignedIn(request, `barber${SHOP}`);
  const card = board.customer('Testi A.');
  await expect(card).toContainText(/On the way, about 1[01] min/);
  await board.act('Testi A.', 'No-show');
  await expect(
    staffPage.getByText("The customer's spot is held for a few more minutes."),
  ).toBeVisible();
  await expect(card).toBeVisible();

  // They arrive and check in: first in line, they are served.
  await page.getByRole('button', { name: /^(Check in early|I'm here)$/ }).click();
  await expect(card).toContainText('Here');
  await board.act('Testi A.', 'Start');
  await expect(board.chairOf('Testi A.')).toBeVisible();
  await staffContext.close();
});
