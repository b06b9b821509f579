// The seven languages: the lang parameter switches the home screen, and the language menu
// offers fi, en and ee (ee also picks the Estonian market).
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';

const HOME_TITLES = {
  fi: { title: 'Löydä parturi', htmlLang: 'fi' },
  ee: { title: 'Leia juuksur', htmlLang: 'et' },
  en: { title: 'Find a barbershop', htmlLang: 'en' },
  no: { title: 'Finn en frisør', htmlLang: 'no' },
  sv: { title: 'Hitta en frisör', htmlLang: 'sv' },
  dk: { title: 'Find en frisør', htmlLang: 'da' },
  de: { title: 'Barbershop finden', htmlLang: 'de' },
} as const;

for (const [language, expected] of Object.entries(HOME_TITLES)) {
  test(`the home screen in ${language} through ?lang=${language}`, async ({ page }) => {
    await page.goto(`/home?lang=${language}`);
    await expect(page.getByRole('heading', { level: 1, name: expected.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', expected.htmlLang);
    // The choice is kept.
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: expected.title })).toBeVisible();
  });
}

test('a language outside the allowed list is ignored', async ({ page }) => {
  await page.goto('/home?lang=xx');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a barbershop' })).toBeVisible();
});

test('the language menu offers fi, en and ee; Estonian also picks the Estonian market', async ({
  page,
}) => {
  await page.goto('/profile/language');
  const menu = page.getByRole('group', { name: 'Language' });
  await expect(menu.getByRole('radio')).toHaveCount(3);
  await menu.getByRole('radio', { name: 'Eesti' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'Keel' })).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('jono.locale'));
  expect(JSON.parse(stored ?? '{}').state).toMatchObject({ language: 'ee', locale: 'EE' });
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Leia juuksur' })).toBeVisible();
  await menuBackToEnglish(page);
});

async function menuBackToEnglish(page: Page) {
  await page.goto('/profile/language');
  // The choice takes effect once the language's texts have loaded: click, then wait for it.
  const english = page.getByRole('radio', { name: 'English' });
  await english.click();
  await expect(english).toBeChecked();
  await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
}
