// The designed look: a splash before any script, a picture on every shop card, the system's dark
// mode, and icons rather than text glyphs in the navigation.
import { expect, test } from '../fixtures';
import { HomePage } from '../pages/home-page';

test('the first load shows the splash before any script has run', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.getByRole('status', { name: 'Jono' })).toBeVisible();
  await context.close();
});

test('every shop card has its picture and the app follows the dark system setting', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const home = new HomePage(page);
  await home.open();
  const pictures = page.locator('.shop-card img');
  await expect(pictures.first()).toBeVisible();
  const cards = await page.locator('.shop-card').count();
  await expect(pictures).toHaveCount(cards);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  const background = await page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  );
  expect(background).toBe('rgb(17, 19, 22)');

  await page.emulateMedia({ colorScheme: 'light' });
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
    .toBe('rgb(246, 244, 240)');
  const navigation = page.getByRole('navigation');
  await expect(navigation.locator('svg').first()).toBeVisible();
  await expect(navigation).not.toContainText(/[⌂★☺→]/);
});
