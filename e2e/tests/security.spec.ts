// The Content-Security-Policy on every page allows what the app needs and nothing breaks under it:
// no violation is reported while a customer goes through home, a shop, the map, tracking and profile.
import { expect, joinQueue, openShop, test } from '../fixtures';
import { HomePage } from '../pages/home-page';

test('every page carries the CSP and the app runs under it without a violation', async ({
  loggedInPage: page,
  request,
  customer,
}) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const list = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      list.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });

  const shop = await openShop(request);
  for (const path of ['/home', `/barbershop/${shop.id}`, '/profile', '/welcome']) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  }

  // The map overlay (Leaflet, styles set inline) and the live tracking screen (SSE).
  const home = new HomePage(page);
  await home.open();
  const mapButton = page.getByRole('button', { name: /map/i }).first();
  if (await mapButton.isVisible()) {
    await mapButton.click();
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await joinQueue(request, customer, shop.id);
  await page.goto('/tracking');
  await expect(page).toHaveURL(/\/tracking$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You are in the queue' })).toBeVisible();

  const reported = await page.evaluate(
    () => (window as unknown as { __csp?: string[] }).__csp ?? [],
  );
  expect([...violations, ...reported]).toEqual([]);
});
