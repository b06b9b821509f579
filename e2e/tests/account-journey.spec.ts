// A customer's account from registration to logout, with the profile settings on the way.
import { test, expect, PASSWORD } from '../fixtures';
import { LoginPage, ProfilePage, RegisterPage } from '../pages/account-pages';

function newPhone() {
  return `0456${String(Date.now()).slice(-6)}`;
}

test('a guest registers, edits email and permissions, changes the password and logs out', async ({
  page,
  request,
}) => {
  const register = new RegisterPage(page);
  await register.open();
  const phone = newPhone();
  await register.fill({
    phone,
    firstname: 'Ville',
    lastname: 'Virtanen',
    email: 'not-an-email',
    password: 'weak',
  });
  await register.submit();
  // Errors show per field after the attempt, and follow the input from then on.
  await expect(page.getByText('Check the email address')).toBeVisible();
  await expect(page.getByText(/^Check the password/)).toBeVisible();
  await expect(page.getByText('The terms of use must be accepted')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(`${phone}@example.com`);
  await expect(page.getByText('Check the email address')).toBeHidden();
  await page.getByLabel('Password', { exact: true }).fill('Parturi2026');
  await register.acceptTerms();
  await register.submit();
  // The phone is proved with the code texted to it before the account exists.
  await register.confirmCode(request, `+358${phone.slice(1)}`);

  // A new customer gets the tutorial once, then the shop list.
  await expect(page).toHaveURL(/\/tutorial$/);
  await page.getByRole('button', { name: 'Slide 3 of 3' }).click();
  await page.getByRole('button', { name: 'Continue without location' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const profile = new ProfilePage(page);
  await profile.open();
  await expect(page.getByRole('heading', { level: 1, name: 'Ville Virtanen' })).toBeVisible();

  await profile.go('Email');
  await expect(page.getByText(`${phone}@example.com`)).toBeVisible();
  const email = page.getByLabel('Email address');
  await email.fill('ville@');
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByText('Check the email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await email.fill('ville.virtanen@example.fi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email address saved.')).toBeVisible();
  await expect(page.locator('.account-subtitle')).toHaveText('ville.virtanen@example.fi');

  await page.getByRole('button', { name: 'Back' }).click();
  await profile.go('Email permission');
  const permission = page.getByRole('switch', { name: 'Offers and news by email' });
  await expect(permission).not.toBeChecked();
  await permission.click();
  await expect(permission).toBeChecked();
  // The switch is disabled while the change is saved; reload only once it is saved.
  await expect(permission).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Offers and news by email' })).toBeChecked();

  await page.goto('/profile/notifications');
  const sms = page.getByRole('switch', { name: 'Text messages' });
  await expect(sms).toBeChecked();
  await sms.click();
  await expect(sms).not.toBeChecked();
  await expect(sms).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Text messages' })).not.toBeChecked();

  await page.goto('/profile/password');
  await page.getByLabel('Current password').fill('Parturi2026');
  await page.getByLabel('New password', { exact: true }).fill('Uusi2026pass');
  await page.getByLabel('New password again').fill('Uusi2026pasx');
  // Submit stays disabled while the form is invalid; a field left shows its error.
  await page.getByLabel('New password again').blur();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeDisabled();
  await page.getByLabel('New password again').fill('Uusi2026pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();

  await profile.open();
  await profile.logOut();
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Log in' }),
  ).toBeVisible();

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(phone, 'Parturi2026');
  await expect(page.getByRole('alert')).toContainText('Check the phone number and password');
  await login.logIn(phone, 'Uusi2026pass');
  await expect(page).toHaveURL(/\/home$/);
});

test('a registered phone number is told by text message to create a password instead', async ({
  page,
  request,
  customer,
}) => {
  const register = new RegisterPage(page);
  await register.open();
  await register.fill({
    phone: customer.phone,
    firstname: 'Toinen',
    lastname: 'Kerta',
    email: 'toinen@example.fi',
    password: PASSWORD,
  });
  await register.acceptTerms();
  await register.submit();
  // The app answers as for any number (nobody learns who is registered); the phone's owner is told.
  await expect(page.getByText(`We sent a 6-digit code to ${customer.phone}`)).toBeVisible();
  await expect
    .poll(async () => {
      const answer = await request.get('/api/fi/dev/sms-outbox', {
        params: { to: customer.phone },
      });
      const { items } = (await answer.json()) as { items: { text: string }[] };
      return items.at(-1)?.text ?? '';
    })
    .toMatch(/on jo tili|already has an account/);
  await page.getByLabel('Code from the text message').fill('123456');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/The code is wrong or has expired/)).toBeVisible();
  await page.getByRole('button', { name: 'Change the details' }).click();
  await page.getByRole('link', { name: 'Create a password' }).first().click();
  await expect(page).toHaveURL(/\/recovery$/);
});
