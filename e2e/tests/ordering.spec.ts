// Ordering: a guest joins a queue after logging in from the dialog; an order that would end after
// closing is refused with the timeslot notice (the shop's manager moves its closing time close).
import {
  catalogueOf,
  expect,
  expectNoSeriousA11yViolations,
  listShops,
  MARKET,
  openShop,
  test,
} from '../fixtures';
import { ShopPage } from '../pages/shop-page';

test('a guest picks services, logs in from the dialog and joins the queue', async ({
  page,
  request,
  customer,
}) => {
  const target = await openShop(request);
  const catalogue = await catalogueOf(request, target.id, 'en');
  const first = catalogue.services[0]!.title;
  const shop = new ShopPage(page);

  await shop.open(target.id);
  await shop.choose(first);
  await expect(shop.nextButton).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await shop.nextButton.click();
  await expect(shop.loginDialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shop.logInFromDialog(customer.phone, customer.password);

  await shop.continueIfQueueIsEmpty();
  await expect(page.getByText(first).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await shop.joinQueue();
  await expect(page.getByText('You are in the queue!')).toBeVisible();
  await expect(page).toHaveURL(/\/tracking$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are in the queue' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(target.name) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/** Helsinki wall-clock minutes since midnight, now. */
function helsinkiMinutes(now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Helsinki',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

test('the order is refused before closing with the timeslot notice', async ({
  loggedInPage: page,
  request,
}) => {
  // The manager of a shop open around the clock moves today's closing to 35 minutes from now:
  // a short service still fits, the longest ones together do not.
  const SHOP_ID = 13;
  const nowMinutes = helsinkiMinutes();
  const closeAt = nowMinutes + 35;
  const login = await request.post(`/api/${MARKET}/staff/login/`, {
    data: { username: `manager${SHOP_ID}`, password: 'Jono1234' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const allDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    open: '00:00',
    close: '24:00',
  }));
  // Within 35 minutes of midnight the day's opening runs past it: open from an hour ago, closing
  // after midnight (a close before the open), so the test runs at any hour.
  const closingSoon =
    closeAt < 24 * 60
      ? allDay.map((t) => ({ ...t, close: hhmm(closeAt) }))
      : allDay.map((t) => ({ ...t, open: hhmm(nowMinutes - 60), close: hhmm(closeAt - 24 * 60) }));
  const set = await request.put(`/api/${MARKET}/staff/shop/hours/`, {
    headers,
    data: { open_times: closingSoon },
  });
  expect(set.ok(), await set.text()).toBe(true);

  try {
    const target = (await listShops(request)).find((s) => s.id === SHOP_ID);
    expect(target?.open).toBe(true);
    expect(target?.closing_soon).toBe(false);
    const detail = await catalogueOf(request, SHOP_ID, 'en');
    const titles = [...detail.services]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 2)
      .map((x) => x.title);
    const shop = new ShopPage(page);

    await shop.open(SHOP_ID);
    for (const title of titles) await shop.choose(title);
    await shop.nextButton.click();
    await shop.continueIfQueueIsEmpty();
    await shop.joinQueue();

    await expect(page.getByText('The duration of selected services is too long')).toBeVisible();
    await expect(page.getByText('Error code: timeSlot')).toBeVisible();
    await expect(shop.nextButton).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/barbershop/${SHOP_ID}$`));
    await expectNoSeriousA11yViolations(page);
  } finally {
    await request.put(`/api/${MARKET}/staff/shop/hours/`, {
      headers,
      data: { open_times: allDay },
    });
  }
});
