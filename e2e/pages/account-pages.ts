// Page models of the account screens: registration, login, recovery, profile and its settings.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MARKET } from '../fixtures';

export class RegisterPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/register');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Create an account' }),
    ).toBeVisible();
  }

  async fill(values: {
    phone: string;
    firstname: string;
    lastname: string;
    email: string;
    password: string;
  }) {
    await this.page.getByLabel('Phone number').fill(values.phone);
    await this.page.getByLabel('First name').fill(values.firstname);
    await this.page.getByLabel('Last name').fill(values.lastname);
    await this.page.getByRole('textbox', { name: 'Email' }).fill(values.email);
    await this.page.getByLabel('Password', { exact: true }).fill(values.password);
  }

  async acceptTerms() {
    await this.page.getByLabel('I accept the terms of use').check();
  }

  /** Sends the form: the app texts a code to the phone and asks for it. */
  async submit() {
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  /** The code step: reads the code texted to `phone` (E.164) and creates the account with it. */
  async confirmCode(request: APIRequestContext, phone: string) {
    await expect(this.page.getByText(`We sent a 6-digit code to ${phone}`)).toBeVisible();
    const code = await latestSmsCode(request, phone, 6);
    await this.page.getByLabel('Code from the text message').fill(code);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  }

  /** Logs in with a national number (dial code +358 from the FI locale) or a full E.164 number. */
  async logIn(phone: string, password: string) {
    await this.page.getByLabel('Phone number').fill(phone);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  }
}

export class RecoveryPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/recovery');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Forgotten password' }),
    ).toBeVisible();
  }

  async askForCode(phone: string) {
    await this.page.getByLabel('Phone number').fill(phone);
    await this.page.getByRole('button', { name: 'Send code' }).click();
    await expect(this.page.getByLabel('Code from the text message')).toBeVisible();
  }

  async setPassword(code: string, password: string) {
    await this.page.getByLabel('Code from the text message').fill(code);
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('New password again').fill(password);
    await this.page.getByRole('button', { name: 'Save new password' }).click();
  }
}

export class ProfilePage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/profile');
    await expect(this.page.getByRole('link', { name: /Order history/ })).toBeVisible();
  }

  async go(name: RegExp | string) {
    await this.page
      .getByRole('navigation', { name: 'Profile settings' })
      .getByRole('link', typeof name === 'string' ? { name, exact: true } : { name })
      .click();
  }

  async logOut() {
    await this.page.getByRole('button', { name: 'Log out' }).click();
  }
}

/** The newest code (recovery: 8 digits, registration: 6) the development SMS outbox holds for a phone number. */
export async function latestSmsCode(
  request: APIRequestContext,
  phone: string,
  digits: 6 | 8 = 8,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/${MARKET}/dev/sms-outbox`, { params: { to: phone } });
      const { items } = (await answer.json()) as { items: { text: string }[] };
      code = items.at(-1)?.text.match(digits === 6 ? /\b(\d{6})\b/ : /\b(\d{8})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Puts a session for an existing account (logged in through the API) into the app's storage. */
export async function useSessionOf(
  page: Page,
  request: APIRequestContext,
  phone: string,
  password: string,
) {
  const login = await request.post(`/api/${MARKET}/login/`, {
    data: { phone, password, rememberLogin: true },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const s = (await login.json()) as {
    customer_id: number;
    access_token: string;
    refresh_token: string;
  };
  await page.addInitScript((session) => {
    if (!localStorage.getItem('jono.session')) {
      localStorage.setItem(
        'jono.session',
        JSON.stringify({
          state: {
            session: {
              customerId: session.customer_id,
              accessToken: session.access_token,
              refreshToken: session.refresh_token,
            },
            rememberLogin: true,
          },
          version: 0,
        }),
      );
    }
  }, s);
  return s;
}

export const GOLD = { phone: '+358400000002', password: 'Jono1234' };
