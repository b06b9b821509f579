// A day with named barbers in the staff console (issue 30): the manager adds a barber and a break
// to today's rota, the barber signs on at a chair, a walk-in at the counter names that barber, and
// Start on that barber's chair seats them.
import type { APIRequestContext } from '@playwright/test';
import { catalogueOf, expect, expectNoSeriousA11yViolations, test } from '../fixtures';
import { serviceName } from '../pages/service-name';
import { StaffConsole, staffToken, useStaffLanguage } from '../pages/staff-console';

// Jono Kamppi is open around the clock in the demo data, so the journey runs at any hour.
const SHOP = 1;
const BARBER = 'Aurora';

test.use({ viewport: { width: 1024, height: 768 } });
// Five axe scans on a shared two-core machine take longer than the default minute.
test.setTimeout(180_000);

let chairsBefore = 2;

async function api(request: APIRequestContext) {
  const token = await staffToken(request, `manager${SHOP}`);
  return { headers: { Authorization: `Bearer ${token}` } };
}

/** Every active order cancelled: Start on the barber's chair must seat the walk-in alone. */
async function clearQueue(request: APIRequestContext) {
  const auth = await api(request);
  const queue = (await (await request.get('/api/fi/staff/queue/', auth)).json()) as {
    pob: { chairs: number };
    orders: { id: number }[];
  };
  for (const order of queue.orders) {
    await request.post(`/api/fi/staff/orders/${order.id}/cancel/`, auth);
  }
  return queue.pob.chairs;
}

/** The journey's barbers removed and the shop's chairs back as they were. */
async function cleanUp(request: APIRequestContext) {
  const auth = await api(request);
  await clearQueue(request);
  const list = (await (await request.get('/api/fi/staff/barbers/', auth)).json()) as {
    items: { id: number; first_name: string }[];
  };
  for (const barber of list.items.filter((b) => b.first_name === BARBER)) {
    await request.delete(`/api/fi/staff/barbers/${barber.id}/`, auth);
  }
  await request.patch('/api/fi/staff/shop/', {
    ...auth,
    data: { chairs: chairsBefore, queue_state: 'open' },
  });
}

/** A half-hour break two hours away from now (shop time), inside today. */
function breakTimes(): { from: string; to: string } {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Helsinki',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date()),
  );
  const at = hour < 20 ? hour + 2 : hour - 3;
  const hh = String(at).padStart(2, '0');
  return { from: `${hh}:00`, to: `${hh}:30` };
}

test.beforeEach(async ({ request }) => {
  chairsBefore = await clearQueue(request);
});
test.afterEach(async ({ request }) => cleanUp(request));

test('a manager adds a barber and a break, the barber signs on, and a walk-in who names them is seated in their chair', async ({
  page,
  request,
}) => {
  await useStaffLanguage(page);
  const board = new StaffConsole(page);
  await board.openSignedIn(request, `manager${SHOP}`);

  // Manage, Barbers: add the barber.
  await page.getByRole('link', { name: 'Manage' }).click();
  await page.getByRole('link', { name: 'Barbers', exact: true }).click();
  await page.getByRole('button', { name: 'Add barber' }).click();
  const form = page.getByRole('dialog', { name: 'Add barber' });
  await form.getByLabel('First name').fill(BARBER);
  await form.getByRole('checkbox', { name: 'Finnish' }).check();
  await form.getByRole('checkbox', { name: 'English' }).check();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('rowheader', { name: BARBER })).toBeVisible();

  // Manage, Rota: today's working hours with a break.
  await page.getByRole('link', { name: 'Rota', exact: true }).click();
  await page.getByRole('button', { name: `Edit day ${BARBER}` }).click();
  const day = page.getByRole('dialog', { name: new RegExp(`^${BARBER} on `) });
  await day.getByRole('button', { name: 'Add working hours' }).click();
  await expect(day.getByLabel('From (Shift 1)')).toHaveValue('00:00');
  await expect(day.getByLabel('To (Shift 1)')).toHaveValue('24:00');
  const pause = breakTimes();
  await day.getByRole('button', { name: 'Add break' }).click();
  await day.getByLabel('From (Break 1)').fill(pause.from);
  await day.getByLabel('To (Break 1)').fill(pause.to);
  await expectNoSeriousA11yViolations(page);
  await day.getByRole('button', { name: 'Save' }).click();
  await expect(day).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: BARBER }) });
  await expect(row.first()).toContainText(`00:00–${pause.from}, ${pause.to}–24:00`);
  await expect(row.first()).toContainText('Set for this day');
  await page.getByText('Show the rota as text').click();
  await expectNoSeriousA11yViolations(page);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `${pause.from}–${pause.to}` })
      .first(),
  ).toBeVisible();

  // The board: the barber signs on at a chair. (The board's own notices; Manage's last one may
  // still show in the app's.)
  const notices = page.locator('.board .toaster');
  await page.getByRole('link', { name: 'Queue', exact: true }).click();
  const barbers = page.getByRole('list', { name: 'Barbers today' });
  await expect(barbers).toBeVisible();
  const barber = barbers.getByRole('listitem', { name: BARBER });
  // The break is two hours ahead or three behind, so she is inside a planned shift now: the board
  // lists her as due. (Waiting for that, not counting at once: the board first shows its cached
  // read from before the rota changed, then the fresh one.)
  await expect(barber).toContainText('Not signed in yet, shift from');
  await barber.getByRole('button', { name: `Sign on ${BARBER}` }).click();
  await expect(notices).toContainText(`${BARBER} is on duty at chair`);
  await expect(barber).toContainText('On duty, chair');

  // A walk-in at the counter names the barber.
  const service = (await catalogueOf(request, SHOP, 'en')).services[0]!;
  await page.getByRole('button', { name: 'Add walk-in' }).click();
  await board.walkInDialog.getByRole('checkbox', { name: serviceName(service.title) }).check();
  await board.walkInDialog.getByLabel('First name (optional)').fill('Walker');
  await board.walkInDialog.getByLabel('Barber').selectOption({ label: BARBER });
  await board.walkInDialog.getByRole('button', { name: 'Add to queue' }).click();
  await expect(notices).toContainText(`Walker added to the queue for ${BARBER}.`);
  await expect(board.customer('Walker')).toContainText(`For ${BARBER}`);
  await expect(barber).toContainText('Waiting for them (1): Walker');
  await expectNoSeriousA11yViolations(page);
  await board
    .customer('Walker')
    .getByRole('button', { name: /^Barber/ })
    .click();
  const change = page.getByRole('dialog', { name: "Change Walker's barber" });
  await expect(change.getByLabel('Barber')).toHaveValue(/\d+/);
  await expectNoSeriousA11yViolations(page);
  await change.getByRole('button', { name: 'Cancel' }).click();

  // Start on the barber's chair seats the walk-in; Finish ends the visit.
  const chair = board.chairs.getByRole('listitem', { name: new RegExp(`, ${BARBER}$`) });
  await chair.getByRole('button', { name: 'Start Walker' }).click();
  await expect(notices).toContainText('Walker is in the chair.');
  await expect(board.customer('Walker')).toHaveCount(0);
  await chair.getByRole('button', { name: /^Finish/ }).click();
  await expect(notices).toContainText('Walker is done.');
  await expect(chair).toContainText('Free');
});
