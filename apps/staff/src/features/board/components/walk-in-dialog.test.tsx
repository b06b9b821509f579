import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeShop } from '@jono/test-kit';
import { renderWithProviders, signIn } from '../../../test/render';
import { languageStore } from '../../../lib/i18n';
import { WalkInDialog } from './walk-in-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  languageStore.set('en');
});

describe('WalkInDialog', () => {
  it('asks before adding a one-time walk-in when the phone is no member’s, then sends it without the phone', async () => {
    signIn();
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/fi/pobs/1/') return Response.json(makeShop());
        const body = JSON.parse(String(init?.body)) as { phone?: string };
        posts.push(body);
        if (body.phone) {
          return Response.json(
            { error: 'no_member', message: 'No member with this number' },
            { status: 409 },
          );
        }
        return Response.json({ id: 9 }, { status: 201 });
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<WalkInDialog open onClose={onClose} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Haircut/ }));
    await user.type(screen.getByLabelText('First name (optional)'), 'Matti');
    await user.type(screen.getByLabelText("Member's phone (optional)"), '0409999998');
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    expect(await screen.findByText(/No member with the number 0409999998/)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Add as one-time customer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      { items: [{ service_id: 11, extra_service_ids: [] }], name: 'Matti', phone: '0409999998' },
      { items: [{ service_id: 11, extra_service_ids: [] }], name: 'Matti' },
    ]);
  });

  it("lists the services in the board's language, and again when staff choose another", async () => {
    signIn();
    languageStore.set('en');
    const asked: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const language = new Headers(init?.headers).get('accept-language');
        asked.push(language);
        const shop = makeShop();
        if (language === 'fi') {
          for (const service of shop.services) service.title = `${service.title} (fi)`;
        }
        return Response.json(shop);
      }),
    );
    renderWithProviders(<WalkInDialog open onClose={() => {}} />);
    expect(await screen.findByRole('checkbox', { name: /Haircut(?! \(fi)/ })).toBeInTheDocument();
    act(() => languageStore.set('fi'));
    expect(await screen.findByRole('checkbox', { name: /Haircut \(fi\)/ })).toBeInTheDocument();
    expect(asked).toEqual(['en', 'fi']);
  });
});
