// Every account, profile, welcome and bonus screen passes axe without serious or critical issues.
import { test, expect, expectNoSeriousA11yViolations } from '../fixtures';
import { GOLD, useSessionOf } from '../pages/account-pages';

const GUEST_SCREENS = [
  ['/login', 'Log in'],
  ['/register', 'Create an account'],
  ['/recovery', 'Forgotten password'],
  ['/tutorial', 'How Jono works'],
  ['/help', 'Help'],
  ['/information', 'Information'],
  ['/install', 'Install instructions'],
  ['/profile/language', 'Language'],
] as const;

for (const [path, heading] of GUEST_SCREENS) {
  test(`${path} is accessible`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('/welcome is accessible on every slide', async ({ page }) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: 'Skip the wait at the barber' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const dots = page.getByRole('button', { name: /^Slide \d of \d$/ });
  await expect(dots).toHaveCount(4);
  await dots.nth(3).click();
  await expect(dots.nth(3)).toHaveAttribute('aria-current', 'step');
  await expect(
    page.getByRole('heading', { name: 'Add Jono to your home screen' }),
  ).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
  // The install slide advances on a tap, wrapping to the first.
  await page.getByRole('heading', { name: 'Add Jono to your home screen' }).click();
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'step');
});

const MEMBER_SCREENS = [
  ['/profile', 'Kalle Kultanen'],
  ['/profile/credits', 'Credits'],
  ['/profile/messages', 'Messages'],
  ['/profile/history', 'Order history'],
  ['/receipt', 'Receipts'],
  ['/profile/email', 'Email'],
  ['/profile/email-permission', 'Email permission'],
  ['/profile/notifications', 'Notifications'],
  ['/profile/password', 'Change password'],
  ['/bonus', 'Bonus'],
] as const;

test('the member screens are accessible', async ({ page, request }) => {
  await useSessionOf(page, request, GOLD.phone, GOLD.password);
  for (const [path, heading] of MEMBER_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.goto('/profile/credits');
  await expect(page.getByText('M Extra')).toBeVisible();
  await page.goto('/receipt');
  await expect(page.getByText(/Incl\. VAT 25,5 %/).first()).toBeVisible();
});

test('the offline screen says so, also when the connection drops just after the first screen', async ({
  page,
  context,
}) => {
  // Its texts come slowly: they must still be there before the first screen is, not fetched
  // when the device is already offline.
  await page.route('**/locales-*/*/pwa.json', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a barbershop' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('alertdialog', { name: 'You are offline' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await context.setOffline(false);
  await expect(page.getByRole('alertdialog', { name: 'You are offline' })).toBeHidden();
});
