// The shop page: services, the next button, the login and time-zero dialogs and the review.
import { expect, type Locator, type Page } from '@playwright/test';
import { serviceName } from './service-name';

export class ShopPage {
  readonly nextButton: Locator;
  readonly loginDialog: Locator;
  readonly timeZeroDialog: Locator;

  constructor(private readonly page: Page) {
    this.nextButton = page.getByRole('button', { name: /^Next/ });
    this.loginDialog = page.getByRole('dialog', { name: 'Log in' });
    this.timeZeroDialog = page.getByRole('alertdialog', { name: 'Your turn is now' });
  }

  async open(id: number) {
    await this.page.goto(`/barbershop/${id}`);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** A service's checkbox: its name is the title and then the price ("Haircut 39,00 €"). */
  service(title: string): Locator {
    return this.page.getByRole('checkbox', { name: serviceName(title) });
  }

  async choose(title: string) {
    await this.service(title).check();
  }

  async logInFromDialog(phone: string, password: string) {
    await expect(this.loginDialog).toBeVisible();
    // The dial code stays +358; the number is typed in full international form.
    await this.loginDialog.getByLabel('Phone number').fill(phone);
    await this.loginDialog.getByLabel('Password').fill(password);
    await this.loginDialog.getByRole('button', { name: 'Log in' }).click();
  }

  /** Goes past the time-zero confirmation when the queue is empty. */
  async continueIfQueueIsEmpty() {
    const review = this.page.getByRole('heading', { name: 'Confirm and join the queue' });
    await expect(review.or(this.timeZeroDialog)).toBeVisible();
    if (await this.timeZeroDialog.isVisible()) {
      await this.timeZeroDialog.getByRole('button', { name: 'Continue' }).click();
    }
    await expect(review).toBeVisible();
  }

  async joinQueue() {
    await this.page.getByRole('button', { name: 'Join the queue' }).click();
  }
}
