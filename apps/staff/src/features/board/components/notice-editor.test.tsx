import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithProviders, signIn } from '../../../test/render';
import { NoticeEditor } from './notice-editor';

afterEach(() => vi.unstubAllGlobals());

describe('NoticeEditor', () => {
  it('edits the English notice and sends the Finnish and Swedish ones back as they were', async () => {
    signIn();
    const api = fakeApi({ 'PATCH /api/fi/staff/shop/': () => ({}) });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderWithProviders(
      <NoticeEditor
        notice="Suljemme klo 18."
        translations={{ en: { notice: 'We close at 6.' }, sv: { notice: 'Vi stänger kl. 18.' } }}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByLabelText('Notice in Suomi')).toHaveValue('Suljemme klo 18.');
    const english = screen.getByLabelText('Notice in English');
    await user.clear(english);
    await user.type(english, 'We close at 6 pm today.');
    await user.click(screen.getByRole('button', { name: 'Save notice' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PATCH',
        path: '/api/fi/staff/shop/',
        body: {
          notice: 'Suljemme klo 18.',
          notice_translations: {
            en: { notice: 'We close at 6 pm today.' },
            sv: { notice: 'Vi stänger kl. 18.' },
          },
        },
      }),
    );
  });
});
