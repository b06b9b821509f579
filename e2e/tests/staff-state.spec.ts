// Two tablets on one queue: a free chair offers the customer who is here (not an app customer
// ahead who is not), a chair taken off duty while busy keeps its customer until Finish, and an
// undo of a finish whose chair was reused is refused with the reason on the other tablet.
import type { APIRequestContext } from '@playwright/test';
import { expect, joinQueue, test } from '../fixtures';
import { StaffConsole, staffToken, useStaffLanguage } from '../pages/staff-console';

// Jono Limingantulli, open around the clock; staff-serving uses it too and resets it likewise.
const SHOP = 13;
const APP_CUSTOMER = 'Testi A.';

test.use({ viewport: { width: 1024, height: 768 } });

async function resetShop(request: APIRequestContext, chairs: number) {
  const token = await staffToken(request, `manager${SHOP}`);
  const headers = { Authorization: `Bearer ${token}` };
  const queue = (await (await request.get('/api/fi/staff/queue/', { headers })).json()) as {
    orders: { id: number }[];
  };
  for (const order of queue.orders) {
    await request.post(`/api/fi/staff/orders/${order.id}/cancel/`, { headers });
  }
  await request.patch('/api/fi/staff/shop/', { headers, data: { chairs, queue_state: 'open' } });
}

test.afterEach(async ({ request }) => resetShop(request, 2));

test('two tablets: who sits next, a draining chair, and an undo refused with its reason', async ({
  page,
  request,
  customer,
  browser,
}) => {
  // Names of their own per run, so that --repeat-each on one server finds this run's customers.
  const run = String.fromCharCode(65 + (test.info().repeatEachIndex % 26));
  const ville = `Ville ${run}`;
  const aino = `Aino ${run}`;
  await resetShop(request, 1);
  await joinQueue(request, customer, SHOP);
  await useStaffLanguage(page);
  const one = new StaffConsole(page);
  await one.openSignedIn(request, `barber${SHOP}`);
  const otherContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const otherPage = await otherContext.newPage();
  await useStaffLanguage(otherPage);
  const two = new StaffConsole(otherPage);
  await two.openSignedIn(request, `manager${SHOP}`);

  // The app customer is first in line but not here: the free chair offers the walk-in.
  await one.addWalkIn(['Haircut'], ville);
  await expect(one.customer(ville)).toBeVisible();
  await expect(one.chair(1)).toContainText(`Start ${ville}`);
  await expect(one.chair(1)).not.toContainText(APP_CUSTOMER);

  await one
    .chair(1)
    .getByRole('button', { name: `Start ${ville}` })
    .click();
  await expect(two.chairOf(ville)).toBeVisible();

  // The manager takes the only chair off duty while Ville sits in it: he stays, draining.
  await two.page.getByRole('button', { name: 'One chair fewer' }).click();
  await expect(one.chairOf(ville)).toContainText('Off duty after this customer');
  await one.finish(ville);
  await expect(one.chairOf(ville)).toHaveCount(0);

  // Back on duty; the other tablet starts a walk-in in the chair Ville left.
  await two.page.getByRole('button', { name: 'One chair more' }).click();
  await two.addWalkIn(['Haircut'], aino);
  await expect(two.chair(1)).toContainText(`Start ${aino}`);
  await two
    .chair(1)
    .getByRole('button', { name: `Start ${aino}` })
    .click();
  await expect(one.chairOf(aino)).toBeVisible();

  // Undo of Ville's finish on the first tablet: refused, and it says why.
  await page
    .getByRole('region', { name: 'Recent actions' })
    .getByRole('listitem')
    .filter({ hasText: `${ville} is done` })
    .getByRole('button', { name: /^Undo/ })
    .click();
  await expect(one.notices).toContainText('Someone else sits in that chair now');
  await expect(one.chairOf(aino)).toBeVisible();
  await expect(one.chairOf(ville)).toHaveCount(0);

  await otherContext.close();
});

test('the board holds its layout with the longest names, right-to-left text and emoji', async ({
  page,
  request,
}) => {
  await resetShop(request, 2);
  await useStaffLanguage(page);
  const board = new StaffConsole(page);
  await board.openSignedIn(request, `barber${SHOP}`);
  // 40 characters: the longest first name the contract takes.
  const names = ['Wolfgang'.repeat(5), 'محمدمحمدمحمدمحمدمحمدمحمدمحمدمحمدمحمدمحمد', '💇🏽‍♂️'.repeat(5)];
  for (const name of names) {
    await board.addWalkIn(['Haircut'], name);
    await expect(board.walkInDialog).toBeHidden();
  }
  await expect(board.queue.getByRole('listitem')).toHaveCount(3);
  await board
    .chair(1)
    .getByRole('button', { name: /^Start/ })
    .click();
  await expect(board.chairs.getByRole('button', { name: /^Finish/ })).toHaveCount(1);
  // Nothing pushes the page wider than the tablet.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(1024);
  for (const button of await board.queue.getByRole('button', { name: /^Start/ }).all()) {
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);
  }
});
