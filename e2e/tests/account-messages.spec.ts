// Messages from the operator: HTML is shown, scripts and event handlers are not.
import { test, expect, MARKET } from '../fixtures';
import { GOLD, ProfilePage, useSessionOf } from '../pages/account-pages';

const ATTACK =
  '<p>Tervetuloa <strong>jonoon</strong>!</p>' +
  '<script>window.__pwned = "script"</script>' +
  '<img src="/nothing.png" onerror="window.__pwned = \'onerror\'" alt="kuva">' +
  '<a href="javascript:window.__pwned=\'link\'">klikkaa</a>' +
  '<p onmouseover="window.__pwned = \'hover\'">Hover</p>';

test('messages with an HTML payload are shown sanitised and marked read when opened', async ({
  page,
  request,
}) => {
  const staff = await request.post(`/api/${MARKET}/staff/login/`, {
    data: { username: 'manager1', password: 'Jono1234' },
  });
  expect(staff.ok(), await staff.text()).toBe(true);
  const { access_token: staffToken } = (await staff.json()) as { access_token: string };
  const title = `Sanitised ${Date.now()}`;
  const sent = await request.post(`/api/${MARKET}/staff/messages/`, {
    headers: { Authorization: `Bearer ${staffToken}` },
    data: { title, content: ATTACK, to: { phone: GOLD.phone } },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await useSessionOf(page, request, GOLD.phone, GOLD.password);
  const profile = new ProfilePage(page);
  await profile.open();
  const messagesLink = page.getByRole('link', { name: /Messages/ });
  await expect(messagesLink).toContainText(/unread message/);
  await profile.go(/Messages/);

  const message = page.getByRole('button', { name: new RegExp(title) });
  await message.click();
  const content = page.locator('.message__content').first();
  await expect(content.getByText('jonoon')).toBeVisible();
  await expect(content.locator('strong')).toHaveText('jonoon');
  await content.getByText('Hover').hover();
  await expect(content.locator('script')).toHaveCount(0);
  await expect(content.locator('[onerror], [onmouseover]')).toHaveCount(0);
  await expect(content.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();

  // The seeded member message keeps its link, opening safely in a new tab.
  await page
    .getByRole('button', { name: /Thank you for being a member|Kiitos jäsenyydestä/ })
    .click();
  await expect(
    page.locator('.message__content a[target="_blank"][rel~="noopener"]').first(),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(title) })).not.toContainText('New');
});
