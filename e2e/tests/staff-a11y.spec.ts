// Every staff screen passes an axe scan (no serious or critical violations) at tablet size.
import { expect, expectNoSeriousA11yViolations, joinQueue, test } from '../fixtures';
import { StaffConsole, useStaffLanguage } from '../pages/staff-console';

test.use({ viewport: { width: 1024, height: 768 } });
// Eight axe scans on a shared two-core machine take longer than the default minute.
test.setTimeout(180_000);

test('the login, board, walk-in, summary and manager screens are accessible', async ({
  page,
  request,
  customer,
}) => {
  await joinQueue(request, customer, 5);
  await useStaffLanguage(page);
  const staff = new StaffConsole(page);

  await page.goto('/staff/');
  await expect(page.getByRole('heading', { name: /Staff/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await staff.login('manager5');
  await expect(staff.customer('Testi A.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add walk-in' }).click();
  await expect(staff.walkInDialog.getByRole('checkbox').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await staff.walkInDialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: 'Summary' }).click();
  await expect(page.getByRole('heading', { name: 'Daily summary' })).toBeVisible();
  await expect(page.getByText('Served', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const screens = [
    ['Opening hours', 'Opening hours'],
    ['Services', 'Services and extras'],
    ['Shop details', 'Shop details'],
    ['Staff', 'Staff accounts'],
    ['Messages', 'Message to customers'],
  ] as const;
  for (const [tab, heading] of screens) {
    await staff.openManage(tab);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }

  // A group's texts in every language: one set of fields per language, each labelled.
  await staff.openManage('Services');
  await page
    .getByRole('button', { name: /^Edit group/ })
    .first()
    .click();
  const editor = page.getByRole('dialog');
  await expect(editor.getByRole('group', { name: 'In English' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await staff.openManage('Messages');

  // A manager writes to customers of the shop only: the whole market is the operator's
  // (issue 27), so the console offers no such choice.
  await expect(page.getByLabel("Customer's phone")).toBeVisible();
  await expect(page.getByLabel(/All customers in/)).toHaveCount(0);
});
