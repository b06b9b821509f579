// The tracking screen: wait, message, check-in and leaving.
import type { Locator, Page } from '@playwright/test';

export class TrackingPage {
  readonly title: Locator;
  readonly message: Locator;
  readonly leaveButton: Locator;
  readonly leaveDialog: Locator;

  constructor(
    private readonly page: Page,
    private readonly texts = TRACKING_EN,
  ) {
    this.title = page.getByRole('heading', { level: 1, name: texts.title });
    this.message = page.locator('.tracking__message');
    this.leaveButton = page.getByRole('button', { name: texts.leave });
    this.leaveDialog = page.getByRole('alertdialog', { name: texts.leaveTitle });
  }

  async open() {
    await this.page.goto('/tracking');
  }

  checkInButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.checkIn });
  }

  async leave() {
    await this.leaveButton.click();
    await this.leaveDialog
      .getByRole('button', { name: this.texts.leaveConfirm, exact: true })
      .click();
  }
}

export const TRACKING_EN = {
  title: 'You are in the queue',
  leave: 'Leave the queue',
  leaveTitle: 'Leave the queue?',
  leaveConfirm: 'Leave',
  checkIn: /^(Check in early|I'm here)$/,
};

export const TRACKING_FI = {
  title: 'Olet jonossa',
  leave: 'Poistu jonosta',
  leaveTitle: 'Poistutaanko jonosta?',
  leaveConfirm: 'Poistu',
  checkIn: /^(Ilmoittaudu etukäteen|Olen paikalla)$/,
};
