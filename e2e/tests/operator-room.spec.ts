// The chain's control room: an operator signs in at the staff console, sees every shop live with
// the one that needs attention first, moves a waiting customer, and opens the accuracy,
// staffing and charts pages; every page passes an axe scan at tablet size.
import { expect, expectNoSeriousA11yViolations, joinQueue, test } from '../fixtures';
import { useStaffLanguage } from '../pages/staff-console';

test.use({ viewport: { width: 1024, height: 768 } });
test.setTimeout(180_000);

test('an operator sees the chain live, moves a customer and reads the forecast', async ({
  page,
  request,
  customer,
}) => {
  await joinQueue(request, customer, 5);
  await useStaffLanguage(page);
  await page.goto('/staff/login');
  await page.getByLabel('Country').selectOption('fi');
  await page.getByLabel('Username').fill('operator-fi');
  await page.getByLabel('Password').fill('Jono1234');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Every shop, live' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const board = page.getByRole('region', { name: 'Every shop, live' });
  const shop5 = board.getByRole('article').filter({ hasText: 'Waiting' }).first();
  await expect(shop5).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The customer who joined shop 5 moves to a nearby shop.
  const tile = board
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Move a customer' }) })
    .first();
  await tile.getByRole('button', { name: 'Move a customer' }).click();
  const dialog = page.getByRole('dialog', { name: /^Move a customer from / });
  await expect(dialog.getByLabel('Customer')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByText(/^Moved to .*The customer was told\.$/)).toBeVisible();

  await page.getByRole('link', { name: 'Staffing' }).click();
  await expect(page.getByRole('heading', { name: 'Staffing forecast' })).toBeVisible();
  await expect(page.getByRole('img', { name: /barbers are needed at once/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Accuracy' }).click();
  await expect(page.getByRole('heading', { name: 'Accuracy of the waits we show' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Charts' }).click();
  await expect(page.getByRole('heading', { name: /^The last 8 weeks$/ })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Joins per day by weekday and hour' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
