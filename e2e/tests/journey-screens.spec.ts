// The customer's journey on a phone: the map, every state of the tracking screen (driven by the
// staff API), the floating queue button that never covers a button, and screenshots of the main
// screens in light and dark mode for review (e2e/screenshots/, not committed).
import type { APIRequestContext, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, joinQueue, listShops, openShop, test } from '../fixtures';
import { staffToken } from '../pages/staff-console';
import { TrackingPage } from '../pages/tracking-page';

const SCREENSHOTS = resolve(import.meta.dirname, '../screenshots');

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Staff of the order's shop act on it: start, finish, no-show. */
async function staffAct(
  request: APIRequestContext,
  shopId: number,
  orderId: number,
  action: 'start' | 'finish' | 'no-show',
) {
  const token = await staffToken(request, `manager${shopId}`);
  const response = await request.post(`/api/fi/staff/orders/${orderId}/${action}/`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * No button or button-like link shares a pixel with the floating queue button: of the fixed ones
 * (next bar, navigation) at any scroll position, of all of them once the page is scrolled to its
 * end (content scrolling under a fixed bar is reachable, as under the navigation bar).
 */
async function expectFloatingButtonCoversNothing(page: Page, only: 'fixed' | 'all') {
  const floating = page.locator('.tracking-button');
  await expect(floating).toBeVisible();
  const overlaps = await page.evaluate((scope) => {
    const button = document.querySelector('.tracking-button');
    if (!button) return ['no floating button'];
    const f = button.getBoundingClientRect();
    const actions = document.querySelectorAll(
      'button, [role="button"], a.button, input[type="submit"], input[type="checkbox"]',
    );
    const found: string[] = [];
    for (const action of Array.from(actions)) {
      if (button.contains(action)) continue;
      if (scope === 'fixed') {
        let fixed = false;
        for (let e: Element | null = action; e; e = e.parentElement) {
          if (getComputedStyle(e).position === 'fixed') fixed = true;
        }
        if (!fixed) continue;
      }
      const r = action.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(action);
      if (style.visibility === 'hidden') continue;
      const apart =
        r.right <= f.left || r.left >= f.right || r.bottom <= f.top || r.top >= f.bottom;
      if (!apart)
        found.push(action.textContent?.trim() || action.getAttribute('aria-label') || '?');
    }
    return found;
  }, only);
  expect(overlaps, `covered by the floating button: ${overlaps.join(', ')}`).toEqual([]);
}

async function atRestAndAtTheEnd(page: Page) {
  await expectFloatingButtonCoversNothing(page, 'fixed');
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight }));
  await expectFloatingButtonCoversNothing(page, 'all');
  await page.evaluate(() => window.scrollTo({ top: 0 }));
}

test('the map shows every shop on one marker, each in view can be tapped, and opening a marker opens the shop', async ({
  page,
  request,
}) => {
  const shops = await listShops(request);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Map' }).click();
  const dialog = page.getByRole('dialog', { name: 'Barbershops on the map' });
  const markers = dialog.locator('.leaflet-marker-icon');
  await expect(markers.first()).toBeVisible();

  // Every shop is on exactly one marker (its own, or one of shops too close to tell apart at
  // this zoom), and every marker is inside the map and on top at its centre: a tap reaches it.
  await expect
    .poll(async () => {
      const area = await dialog.locator('.leaflet-container').boundingBox();
      if (!area || area.width < 100) return ['no map'];
      return markers.evaluateAll(
        (all, { area, ids }) => {
          const problems: string[] = [];
          const shown: string[] = [];
          for (const m of all) {
            const on = (m.getAttribute('data-shop-ids') ?? m.getAttribute('data-shop-id') ?? '')
              .split(' ')
              .filter(Boolean);
            shown.push(...on);
            const box = m.getBoundingClientRect();
            const x = box.x + box.width / 2;
            const y = box.y + box.height / 2;
            // Without tiles the first view zooms in to where names can be read: shops farther
            // away are off the view (a pan away), but never piled under another marker.
            if (x < area.x || x > area.x + area.width || y < area.y || y > area.y + area.height)
              continue;
            const top = document.elementFromPoint(x, y);
            if (!top || !m.contains(top)) problems.push(`covered: ${on.join(',')}`);
          }
          const missing = ids.filter((id) => shown.filter((s) => s === id).length !== 1);
          if (missing.length) problems.push(`not once: ${missing.join(',')}`);
          return problems;
        },
        { area, ids: shops.map((s) => String(s.id)) },
      );
    })
    .toEqual([]);

  // The tiles are refused in this suite: a readable fallback, markers with names and waits.
  await expect(
    dialog.getByText('The map could not be loaded, so the barbershops are shown by name.'),
  ).toBeVisible();
  // The first view is zoomed in far enough that shops stand apart with their names and waits,
  // not piles on a blank grid; and the notice leaves the attribution readable.
  await expect(dialog.locator('[data-shop-id] .map-marker__name').first()).toBeVisible();
  const note = await dialog.locator('.map-frame__note').boundingBox();
  const credit = await dialog.locator('.leaflet-control-attribution').boundingBox();
  if (note && credit) {
    expect(note.y + note.height <= credit.y || credit.y + credit.height <= note.y).toBe(true);
  }
  // A shop in view (the first view centres on the customer, or the market).
  const area = await dialog.locator('.leaflet-container').boundingBox();
  const inView = await dialog.locator('[data-shop-id], [data-shop-ids]').evaluateAll(
    (all, box) =>
      all.flatMap((m) => {
        const r = m.getBoundingClientRect();
        const x = r.x + r.width / 2;
        const y = r.y + r.height / 2;
        const inside =
          box !== null && x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height;
        const id = (m.getAttribute('data-shop-id') ?? m.getAttribute('data-shop-ids') ?? '')
          .split(' ')
          .filter(Boolean)[0];
        return inside && id ? [id] : [];
      }),
    area,
  );
  const target = shops.find((s) => String(s.id) === inView[0]);
  if (!target) throw new Error('no shop in view');
  // Shops too close together open up when their marker is tapped, until the shop has its own.
  const own = dialog.locator(`[data-shop-id="${target.id}"]`);
  await expect(async () => {
    if (await own.isVisible()) return;
    // A tap starts a zoom; the markers are drawn anew when it ends.
    await dialog
      .locator(`.map-marker--cluster[data-shop-ids~="${target.id}"]`)
      .click({ timeout: 2_000 });
    await expect(own).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(own.locator('.map-marker__name')).toContainText(target.name);
  await screenshot(page, 'map');

  // A marker is a button: focus and Enter open its shop.
  await own.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/barbershop/${target.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
});

test('the floating queue button never covers a button on any screen it appears on', async ({
  loggedInPage: page,
  request,
  customer,
}) => {
  const shop = await openShop(request);
  await joinQueue(request, customer, shop.id);

  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'You are in the queue' })).toBeVisible();
  await screenshot(page, 'home');
  await atRestAndAtTheEnd(page);

  // Another shop's page: a customer already in a queue is told so before choosing anything
  // (no services to pick, no next button), with a link to their place above the floating button.
  const other = (await listShops(request)).find(
    (s) => s.id !== shop.id && s.open && !s.closing_soon && s.queue_state === 'open',
  );
  await page.goto(`/barbershop/${other?.id ?? shop.id}`);
  await expect(page.getByRole('link', { name: 'See your place' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Next/ })).toHaveCount(0);
  await screenshot(page, 'shop');
  await atRestAndAtTheEnd(page);

  for (const path of ['/profile', '/profile/language', '/profile/history']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await atRestAndAtTheEnd(page);
  }
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshot(page, 'profile');
});

test('the tracking screen has its own words for the place in line, the chair, the end of the visit and a no-show', async ({
  loggedInPage: page,
  request,
  customer,
}) => {
  // Jono Limingantulli is open around the clock in the demo data.
  const shopId = 13;
  const first = await joinQueue(request, customer, shopId);
  const tracking = new TrackingPage(page);
  await tracking.open();
  await expect(tracking.title).toBeVisible();
  await expect(page.getByText(/ahead of you$|^You are next$/)).toBeVisible();
  await screenshot(page, 'tracking-waiting');

  await staffAct(request, shopId, first, 'start');
  await expect(page.getByRole('heading', { level: 1, name: 'You are in the chair' })).toBeVisible();
  await expect(tracking.leaveButton).toHaveCount(0);
  await screenshot(page, 'tracking-in-chair');

  await staffAct(request, shopId, first, 'finish');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your visit!' }),
  ).toBeVisible();
  await expect(page.getByText('While you wait')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to barbershops' })).toBeVisible();
  await screenshot(page, 'tracking-served');

  // Another visit the customer does not come to.
  const second = await joinQueue(request, customer, shopId);
  await tracking.open();
  await expect(tracking.title).toBeVisible();
  await staffAct(request, shopId, second, 'no-show');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your place in the queue was lost' }),
  ).toBeVisible();
  await expect(tracking.checkInButton()).toHaveCount(0);
  await screenshot(page, 'tracking-no-show');
});
