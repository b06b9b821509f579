// Tracking: checking in, leaving the queue, and (once the staff API exists) staff moving the queue.
import { expect, expectNoSeriousA11yViolations, joinQueue, openShop, test } from '../fixtures';
import { TRACKING_FI, TrackingPage } from '../pages/tracking-page';

test('a customer in the queue checks in', async ({ loggedInPage: page, request, customer }) => {
  const shop = await openShop(request);
  await joinQueue(request, customer, shop.id);
  const tracking = new TrackingPage(page);

  await page.goto('/');
  await expect(page).toHaveURL(/\/tracking$/);
  await expect(tracking.title).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await tracking.checkInButton().click();
  await expect(page.getByText('You have checked in.', { exact: true })).toBeVisible();
  await expect(tracking.message).toHaveText(
    'You have checked in. Sit back and relax, your barber will call you soon.',
  );
  await expect(page.getByRole('link', { name: 'Read about membership' })).toBeVisible();
  await expect(tracking.checkInButton()).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Show order' }).click();
  await expect(page.getByRole('dialog', { name: 'Your order' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe('in Finnish', () => {
  test.use({ language: 'fi' });

  test("a customer leaves the queue and is invited to the market's survey", async ({
    loggedInPage: page,
    request,
    customer,
  }) => {
    const shop = await openShop(request);
    await joinQueue(request, customer, shop.id);
    const tracking = new TrackingPage(page, TRACKING_FI);

    await tracking.open();
    await expect(tracking.title).toBeVisible();
    await tracking.leaveButton.click();
    await expect(tracking.leaveDialog).toBeVisible();
    await expect(tracking.leaveDialog).toContainText('Jos poistut, menetät paikkasi jonossa.');
    await expectNoSeriousA11yViolations(page);

    await tracking.leaveDialog.getByRole('button', { name: 'Poistu', exact: true }).click();
    await expect(page.getByText('Kerro meille, miksi poistuit jonosta')).toBeVisible();
    // The survey the server is configured with for the Finnish market (SURVEY_URLS).
    await expect(page.getByRole('link', { name: 'Vastaa kyselyyn' })).toHaveAttribute(
      'href',
      'https://survey.jono.test/fi',
    );
    await expect(page).not.toHaveURL(/\/tracking$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Löydä parturi' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Olet jonossa' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

// The tracking screen following staff who start and finish the customer is proven in
// staff-serving.spec.ts (a barber serves a customer who joined from the customer app).
