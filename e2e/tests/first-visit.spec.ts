// A first visit: "/" and a guest's /tracking start on the welcome slides (the address replaced
// before the first render, as the start gate's redirect left it), and every slide's content is
// there to reach with the keyboard.
import { expect, test } from '../fixtures';

test.use({ freshVisit: true });

test('a first visit to / starts on the welcome slides, with no "/" to go back to', async ({
  page,
}) => {
  // Neither the start gate's screen nor the shop list is drawn or fetched on the way.
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Skip the wait at the barber' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((path) => /start-gate|\/pobs\/$/.test(path))).toEqual([]);
  await page.goBack();
  await expect(page).not.toHaveURL(/\/$/);
});

test("a guest's /tracking starts on the welcome slides", async ({ page }) => {
  await page.goto('/tracking');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Skip the wait at the barber' })).toBeVisible();
});

test('a guest who has seen the slides gets the shop list at /', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('jono.welcomeSeen', 'true'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find a barbershop' })).toBeVisible();
});

test('the slides drawn after the first are there and reachable with the keyboard', async ({
  page,
}) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: 'Skip the wait at the barber' })).toBeVisible();
  const dots = page.getByRole('button', { name: /^Slide \d of \d$/ });
  await expect(dots).toHaveCount(4);
  // The carousel starts when the browser is first idle: until then a dot does nothing.
  await expect(async () => {
    await dots.nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'step', { timeout: 500 });
  }).toPass();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeInViewport();
  // Back from the third dot past the first two: the chosen slide's last link.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('link', { name: 'Create a password' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeFocused();
});
