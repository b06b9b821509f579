// Test fixtures: a fresh customer per test (registered through the API), a logged-in page, an
// axe scan helper, and a browser that never reaches the internet (map tiles are refused).
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const MARKET = 'fi';
export const PASSWORD = 'Jono1234';

export interface Customer {
  id: number;
  phone: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

type Language = 'fi' | 'en';

let phoneCounter = 0;
function freshPhone(): string {
  phoneCounter += 1;
  const tail = `${Date.now() % 1_000_000}${phoneCounter}`.padStart(7, '0').slice(-7);
  return `+358455${tail}`;
}

/** Registers a new one-time customer and logs in through the API. */
export async function createCustomer(request: APIRequestContext): Promise<Customer> {
  const phone = freshPhone();
  // The phone is proved first: a code by SMS, read from the development outbox.
  const asked = await request.post(`/api/${MARKET}/auth/register-code/`, { data: { phone } });
  expect(asked.status(), await asked.text()).toBe(200);
  const outbox = await request.get(`/api/${MARKET}/dev/sms-outbox`, { params: { to: phone } });
  const { items } = (await outbox.json()) as { items: { text: string }[] };
  const code = items.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
  const registered = await request.post(`/api/${MARKET}/register/`, {
    data: {
      code,
      phone,
      firstname: 'Testi',
      lastname: 'Asiakas',
      email: `${phone.slice(1)}@example.com`,
      password: PASSWORD,
      terms_accepted: true,
      allow_email: false,
      allow_sms: false,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post(`/api/${MARKET}/login/`, {
    data: { phone, password: PASSWORD, rememberLogin: true },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const session = (await login.json()) as {
    customer_id: number;
    access_token: string;
    refresh_token: string;
  };
  return {
    id: session.customer_id,
    phone,
    password: PASSWORD,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
  };
}

/** Cancels the customer's active order, if any (cleanup between journeys). */
export async function leaveAnyQueue(request: APIRequestContext, customer: Customer) {
  const headers = { Authorization: `Bearer ${customer.accessToken}` };
  const profile = await request.get(`/api/${MARKET}/customers/${customer.id}/`, { headers });
  if (!profile.ok()) return;
  const { active_order_id } = (await profile.json()) as { active_order_id: number | null };
  if (active_order_id) {
    await request.patch(`/api/${MARKET}/customers/${customer.id}/orders/${active_order_id}/`, {
      headers,
      data: { cancel: true },
    });
  }
}

/** The customer joins a shop's queue through the API (for journeys that start in the queue). */
export async function joinQueue(request: APIRequestContext, customer: Customer, shopId: number) {
  const shop = (await (await request.get(`/api/${MARKET}/pobs/${shopId}/`)).json()) as {
    services: { id: number; group_id: number; title: string; price: number; duration: number }[];
  };
  const service = shop.services[0];
  if (!service) throw new Error(`Shop ${shopId} has no services`);
  const response = await request.post(`/api/${MARKET}/customers/${customer.id}/orders/`, {
    headers: { Authorization: `Bearer ${customer.accessToken}` },
    data: {
      pob_id: shopId,
      items: [
        {
          amount: 1,
          service_id: service.id,
          service_info: {
            duration: service.duration,
            group_id: service.group_id,
            id: service.id,
            price: service.price,
            title: service.title,
          },
          extra_services: [],
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

export interface ShopSummary {
  id: number;
  name: string;
  open: boolean;
  closing_soon: boolean;
  queue_state: string;
  service_time_estimates: {
    priority: number;
    wait_time: number;
    wait_range: { low: number; high: number };
  }[];
  open_times: { weekday: number; open: string; close: string }[];
}

export interface ShopCatalogue {
  services: { id: number; title: string; duration: number; long_description: string }[];
}

/** A shop's catalogue as the app shows it in `language` (the app sends it as Accept-Language). */
export async function catalogueOf(
  request: APIRequestContext,
  shopId: number,
  language: Language,
): Promise<ShopCatalogue> {
  const res = await request.get(`/api/${MARKET}/pobs/${shopId}/`, {
    headers: { 'accept-language': language },
  });
  return (await res.json()) as ShopCatalogue;
}

export async function listShops(request: APIRequestContext): Promise<ShopSummary[]> {
  return (await (await request.get(`/api/${MARKET}/pobs/`)).json()) as ShopSummary[];
}

type Hours = Pick<ShopSummary, 'open_times'>;

/** Open 00:00-24:00 on every weekday. */
const aroundTheClock = (s: Hours) =>
  [1, 2, 3, 4, 5, 6, 7].every((day) =>
    s.open_times.some((t) => t.weekday === day && t.open === '00:00' && t.close === '24:00'),
  );

/**
 * A shop that takes an order of any length right now, whatever the hour of the run: one open
 * around the clock when the list has one (every demo market does), else one taking orders and
 * not closing soon. "Not closing soon" alone is not enough: at 20:39 a shop closing at 21:00 is
 * not yet closing soon, yet it refuses a 25-minute service that would end after closing.
 */
export function joinableShop<
  S extends Hours & Omit<ShopSummary, 'open_times' | 'service_time_estimates'>,
>(shops: S[]): S | undefined {
  const taking = shops.filter((s) => s.open && !s.closing_soon && s.queue_state === 'open');
  return taking.find(aroundTheClock) ?? taking[0];
}

/** A shop that takes orders right now (the demo data has shops open around the clock). */
export async function openShop(request: APIRequestContext): Promise<ShopSummary> {
  const shop = joinableShop(
    (await listShops(request)).filter((s) => s.service_time_estimates.length),
  );
  if (!shop) throw new Error('The demo data has no shop taking orders now');
  return shop;
}

/** Fails the test on any serious or critical accessibility violation on the current screen. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Colours mid-transition (a screen sliding or fading in) are not what a person reads: let the
  // finite animations end first; endless ones (skeletons, the check-in background) stay.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).exclude('.leaflet-container').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}

interface Fixtures {
  language: Language;
  /** A first visit: nothing stored, so the app takes market and language from the browser. */
  freshVisit: boolean;
  customer: Customer;
  /** A page whose app already holds the customer's session (login is not what is tested). */
  loggedInPage: Page;
}

export const test = base.extend<Fixtures>({
  language: ['en', { option: true }],
  freshVisit: [false, { option: true }],
  page: async ({ page, language, freshVisit }, use) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    if (freshVisit) {
      await use(page);
      return;
    }
    await page.addInitScript((lng) => {
      if (!localStorage.getItem('jono.locale')) {
        localStorage.setItem(
          'jono.locale',
          JSON.stringify({ state: { locale: 'FI', language: lng }, version: 0 }),
        );
      }
      localStorage.setItem('jono.welcomeSeen', 'true');
    }, language);
    await use(page);
  },
  customer: async ({ request }, use) => {
    const customer = await createCustomer(request);
    await use(customer);
    await leaveAnyQueue(request, customer);
  },
  loggedInPage: async ({ page, customer }, use) => {
    await page.addInitScript((c) => {
      if (!localStorage.getItem('jono.session')) {
        localStorage.setItem(
          'jono.session',
          JSON.stringify({
            state: {
              session: {
                customerId: c.id,
                accessToken: c.accessToken,
                refreshToken: c.refreshToken,
              },
              rememberLogin: true,
            },
            version: 0,
          }),
        );
      }
    }, customer);
    await use(page);
  },
});

export { expect };
