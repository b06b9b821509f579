// The home screen: search and the shop list.
import { expect, type Locator, type Page } from '@playwright/test';

export class HomePage {
  readonly search: Locator;

  constructor(private readonly page: Page) {
    this.search = page.getByRole('searchbox', {
      name: 'Search barbershops by name, address or city',
    });
  }

  async open() {
    await this.page.goto('/home');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Find a barbershop' }),
    ).toBeVisible();
  }

  async searchFor(text: string) {
    await this.search.fill(text);
  }

  shopLink(name: string): Locator {
    return this.page.getByRole('link', { name: new RegExp(name) });
  }

  shopCard(name: string): Locator {
    return this.page.locator('.shop-card', { hasText: name });
  }

  async openShop(name: string) {
    await this.shopLink(name).click();
  }
}
