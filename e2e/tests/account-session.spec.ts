// An access token that no longer works is refreshed without the customer noticing.
import { test, expect } from '../fixtures';

test('an expired access token is refreshed and the customer keeps using the app', async ({
  loggedInPage: page,
}) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Testi Asiakas' })).toBeVisible();

  // The stored access token stops working (as after its 15 minutes).
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('jono.session') ?? '{}');
    stored.state.session.accessToken = 'expired.access.token';
    localStorage.setItem('jono.session', JSON.stringify(stored));
  });
  const refreshed = page.waitForResponse((r) => r.url().includes('/refresh/') && r.ok());
  await page.reload();
  await refreshed;

  await expect(page.getByRole('heading', { level: 1, name: 'Testi Asiakas' })).toBeVisible();
  await page.getByRole('link', { name: /Order history/ }).click();
  await expect(page.getByText('No orders yet.')).toBeVisible();
  await expect(page.getByText('Log in again. The session has been closed')).toHaveCount(0);
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('jono.session') ?? '{}').state.session.accessToken,
  );
  expect(token).not.toBe('expired.access.token');
});

test('a session that cannot be refreshed ends with the session-closed notice', async ({
  loggedInPage: page,
}) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Testi Asiakas' })).toBeVisible();
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('jono.session') ?? '{}');
    stored.state.session.accessToken = 'expired.access.token';
    stored.state.session.refreshToken = 'revoked';
    localStorage.setItem('jono.session', JSON.stringify(stored));
  });
  await page.reload();
  await expect(page.getByText('Log in again. The session has been closed')).toBeVisible();
  await expect(page).not.toHaveURL(/\/profile$/);
});
