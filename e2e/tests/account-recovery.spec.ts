// Password recovery with the code from the development SMS outbox.
import { test, expect } from '../fixtures';
import { latestSmsCode, LoginPage, RecoveryPage } from '../pages/account-pages';

test('a customer recovers the password with the SMS code and logs in with the new one', async ({
  page,
  request,
  customer,
}) => {
  const recovery = new RecoveryPage(page);
  await recovery.open();
  await recovery.askForCode(customer.phone);

  // A returning customer is sent back to the second step while the code is valid.
  await page.goto('/');
  await expect(page).toHaveURL(/\/recovery$/);
  await expect(page.getByLabel('Code from the text message')).toBeVisible();

  await recovery.setPassword('000000', 'Palautus2026');
  await expect(page.getByText('The code is wrong or has expired')).toBeVisible();

  const code = await latestSmsCode(request, customer.phone);
  await page.getByLabel('New password', { exact: true }).fill('weakpass');
  await page.getByLabel('New password again').fill('weakpass');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password too weak')).toBeVisible();

  await recovery.setPassword(code, 'Palautus2026');
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();

  const login = new LoginPage(page);
  await login.logIn(customer.phone, 'Palautus2026');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/');
  await expect(page).not.toHaveURL(/\/recovery$/);
});
