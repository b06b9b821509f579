// The installable app: manifest and icons, a service worker that serves the app shell offline
// and never stores queue data, and the offline screen.
import { test, expect, expectNoSeriousA11yViolations } from '../fixtures';

test('the app is installable and opens offline with a screen that says so', async ({
  page,
  context,
}) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a barbershop' })).toBeVisible();

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(manifestHref ?? '')).json()) as {
    display: string;
    start_url: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/apple-touch-icon.png']) {
    expect((await page.request.get(icon)).headers()['content-type']).toContain('image/png');
  }

  // The service worker takes over on the next load and precaches the shell.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Find a barbershop' })).toBeVisible();
  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls.filter((url) => new URL(url).pathname.startsWith('/api/'));
  });
  expect(cachedApi).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('alertdialog', { name: 'You are offline' })).toBeVisible();
  await expect(
    page.getByText('Queue times need an internet connection.', { exact: false }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await context.setOffline(false);
  await expect(page.getByRole('alertdialog', { name: 'You are offline' })).toBeHidden();
});
