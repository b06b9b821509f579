// The staff console (/staff/): login, the board with its queue and chairs, and the manager screens.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { serviceName } from './service-name';

export const STAFF_PASSWORD = 'Jono1234';

/** Shows the console in English on this page (the default is Finnish). */
export async function useStaffLanguage(page: Page, language = 'en') {
  await page.addInitScript((lng) => {
    if (!localStorage.getItem('jono-staff-language')) {
      localStorage.setItem('jono-staff-language', JSON.stringify(lng));
    }
  }, language);
}

interface StaffLogin {
  access_token: string;
  expires_in: number;
  staff: { id: number; name: string; username: string; role: string; pob_id: number };
}

const logins = new Map<string, StaffLogin>();

/** Logs a staff member in through the API, once per run (logins are rate-limited per IP). */
export async function staffLogin(
  request: APIRequestContext,
  username: string,
  market = 'fi',
): Promise<StaffLogin> {
  const cached = logins.get(`${market}/${username}`);
  if (cached) return cached;
  const response = await request.post(`/api/${market}/staff/login/`, {
    data: { username, password: STAFF_PASSWORD },
  });
  if (!response.ok()) throw new Error(`staff login ${username}: ${response.status()}`);
  const login = (await response.json()) as StaffLogin;
  logins.set(`${market}/${username}`, login);
  return login;
}

export async function staffToken(request: APIRequestContext, username: string, market = 'fi') {
  return (await staffLogin(request, username, market)).access_token;
}

export class StaffConsole {
  readonly queue: Locator;
  readonly chairs: Locator;
  readonly notices: Locator;
  readonly walkInDialog: Locator;

  constructor(readonly page: Page) {
    this.queue = page.getByRole('list', { name: /^Queue/ });
    this.chairs = page.getByRole('list', { name: 'Chairs' });
    // The notice showing now: the board has its own (in its flow), other pages the app's.
    this.notices = page.locator('.toaster').filter({ has: page.locator('.toast') });
    this.walkInDialog = page.getByRole('dialog', { name: 'Add walk-in' });
  }

  async login(username: string, password = STAFF_PASSWORD) {
    await this.page.goto('/staff/login');
    await this.page.getByLabel('Country').selectOption('fi');
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await this.page.getByText('Live', { exact: true }).waitFor();
  }

  /** Opens the board already signed in (for journeys where login is not what is tested). */
  async openSignedIn(request: APIRequestContext, username: string, market = 'fi') {
    const login = await staffLogin(request, username, market);
    await this.page.addInitScript(
      ({ login, market }) => {
        localStorage.setItem(
          'jono-staff-session',
          JSON.stringify({
            market,
            token: login.access_token,
            expiresAt: Date.now() + login.expires_in * 1000,
            staff: login.staff,
          }),
        );
      },
      { login, market },
    );
    await this.page.goto('/staff/');
    await this.page.getByText('Live', { exact: true }).waitFor();
  }

  customer(name: string): Locator {
    return this.queue.getByRole('listitem', { name });
  }

  chair(number: number): Locator {
    return this.chairs.getByRole('listitem', { name: `Chair ${number}` });
  }

  /** The chair a customer sits in. */
  chairOf(name: string): Locator {
    return this.chairs.getByRole('listitem').filter({ hasText: name });
  }

  async act(name: string, action: 'Start' | 'Defer' | 'No-show' | 'Cancel') {
    await this.customer(name)
      .getByRole('button', { name: new RegExp(`^${action}`) })
      .click();
  }

  async finish(name: string) {
    await this.chairOf(name)
      .getByRole('button', { name: /^Finish/ })
      .click();
  }

  async addWalkIn(services: string[], name?: string) {
    await this.page.getByRole('button', { name: 'Add walk-in' }).click();
    for (const service of services) {
      await this.walkInDialog.getByRole('checkbox', { name: serviceName(service) }).check();
    }
    if (name) await this.walkInDialog.getByLabel('First name (optional)').fill(name);
    await this.walkInDialog.getByRole('button', { name: 'Add to queue' }).click();
  }

  async openManage(
    tab:
      'Opening hours' | 'Services' | 'Shop details' | 'Staff' | 'Messages' | 'Screens and kiosks',
  ) {
    await this.page.getByRole('link', { name: 'Manage' }).click();
    await this.page.getByRole('link', { name: tab, exact: true }).click();
  }
}
