import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signIn } from '../../../test/render';
import { AlertDefaultSection } from './alert-default-form';

afterEach(() => vi.unstubAllGlobals());

describe("the shop's alert default", () => {
  it('shows the saved default and saves a new one (when and channel)', async () => {
    signIn('manager');
    const calls: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(String(url)).toContain('/staff/shop/alerts/');
        const method = init?.method ?? 'GET';
        const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : null;
        calls.push({ method, body });
        return Response.json(body ?? { ahead: null, minutes: 20, channel: 'sms' });
      }),
    );
    renderWithProviders(<AlertDefaultSection />);
    const user = userEvent.setup();
    const minutes = await screen.findByRole('radio', { name: 'This long before their turn' });
    expect(minutes).toBeChecked();
    expect(screen.getByLabelText('Minutes before the turn')).toHaveValue('20');
    expect(
      screen.getByRole('radio', { name: 'SMS where allowed, else notification' }),
    ).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'When this many are ahead' }));
    await user.selectOptions(screen.getByLabelText('People ahead'), '3');
    await user.click(screen.getByRole('radio', { name: 'Notification where turned on, else SMS' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ahead: 3,
      minutes: null,
      channel: 'push',
    });
  });
});
