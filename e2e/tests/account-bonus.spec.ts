// The bonus teaser of the FI market: email and marketing consent, then the success state.
import { test, expect, expectNoSeriousA11yViolations } from '../fixtures';
import { GOLD, useSessionOf } from '../pages/account-pages';

test('a customer in Finland joins the bonus teaser with email and marketing consent', async ({
  loggedInPage: page,
}) => {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Bonus' })
    .click();
  await expect(page.getByRole('heading', { name: 'Bonus programme coming soon' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const email = page.getByLabel('Email address');
  const consent = page.getByLabel(/I want offers and news by email/);
  const join = page.getByRole('button', { name: 'Take part' });
  await expect(consent).toBeChecked();
  await consent.uncheck();
  await expect(join).toBeDisabled();
  await consent.check();
  await email.fill('bonus@');
  await page.getByRole('heading', { name: 'Bonus programme coming soon' }).click();
  await expect(page.getByText('Check the email address')).toBeVisible();
  await expect(join).toBeDisabled();
  await email.fill('bonus.asiakas@example.fi');
  await join.click();

  await expect(page.getByRole('heading', { name: 'You are in!' })).toBeVisible();
  await page.getByRole('link', { name: 'Change email address' }).click();
  await expect(page).toHaveURL(/\/profile\/email$/);
  await expect(page.getByText('bonus.asiakas@example.fi')).toBeVisible();
});

test('the bonus screen is not offered outside the bonus and teaser countries', async ({
  loggedInPage: page,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'jono.locale',
      JSON.stringify({ state: { locale: 'US', language: 'en' }, version: 0 }),
    ),
  );
  await page.goto('/bonus');
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bonus' }),
  ).toHaveCount(0);
});

test('with the development flag a member sees the bonus screen and redeems a benefit', async ({
  page,
  request,
}) => {
  await useSessionOf(page, request, GOLD.phone, GOLD.password);
  await page.addInitScript(() => localStorage.setItem('jono.dev', 'true'));
  await page.goto('/bonus');
  await expect(page.getByRole('heading', { name: 'Your bonus' })).toBeVisible();
  const cards = page.locator('.benefit-slider__track > li');
  await expect(cards).toHaveCount(3);
  // Redeemable benefits first (oldest first), then the rest; the one without a value still has a title.
  await expect(cards.nth(0)).toContainText(/Discount on products|Alennus tuotteista/);
  await expect(cards.nth(2)).toContainText(/Used on/);
  await expectNoSeriousA11yViolations(page);

  await cards.nth(0).getByRole('button').click();
  const overlay = page.getByRole('dialog');
  await overlay.getByRole('button', { name: 'Get the code' }).click();
  await expect(overlay.getByRole('heading', { name: 'Redeem code' })).toBeVisible();
  await expect(overlay.locator('.redeem-code__code')).not.toBeEmpty();
});
