import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signIn } from '../../../test/render';
import { ServiceForm, type ServiceDraft } from './service-form';
import { GroupForm } from './group-form';

function setup(extra: boolean, initial?: Partial<ServiceDraft>) {
  signIn('manager');
  const onSubmit = vi.fn();
  renderWithProviders(
    <ServiceForm
      initial={{ title: 'Pika', details: '', price: '10', duration: '0', ...initial }}
      market="fi"
      extra={extra}
      pending={false}
      error={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const language = (name: string) => within(screen.getByRole('group', { name: `In ${name}` }));

describe('ServiceForm', () => {
  it('refuses a service of 0 minutes with a message that names the limits', async () => {
    const { onSubmit, user } = setup(false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Give a name of at most 80 characters, a price such as 29.90 and 1 to 600 minutes.',
    );
  });

  it('lets an extra take 0 minutes', async () => {
    const { onSubmit, user } = setup(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Pika',
      details: '',
      long_description: '',
      translations: {},
      price: 1000,
      duration: 0,
    });
  });

  it('edits every text in the market language, English and the other languages written', async () => {
    const { onSubmit, user } = setup(false, {
      title: 'Hiustenleikkaus',
      details: 'Klassinen',
      long_description: 'Pitkä',
      translations: {
        en: { title: 'Haircut', details: 'Classic', long_description: 'Long' },
        sv: { title: 'Klippning', details: 'Klassisk' },
      },
      duration: '30',
    });
    expect(language('Suomi').getByLabelText('Name')).toHaveValue('Hiustenleikkaus');
    expect(language('English').getByLabelText('Long description')).toHaveValue('Long');
    expect(language('Svenska').getByLabelText('Short description')).toHaveValue('Klassisk');
    // An edit of the Finnish description alone: every other language goes back as it was.
    const finnish = language('Suomi').getByLabelText('Short description');
    await user.clear(finnish);
    await user.type(finnish, 'Sakset ja kone');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Hiustenleikkaus',
      details: 'Sakset ja kone',
      long_description: 'Pitkä',
      translations: {
        en: { title: 'Haircut', details: 'Classic', long_description: 'Long' },
        sv: { title: 'Klippning', details: 'Klassisk' },
      },
      price: 1000,
      duration: 30,
    });
  });

  it('offers English for a service written only in the market language, and leaves it out empty', async () => {
    const { onSubmit, user } = setup(false, { duration: '20' });
    await user.type(language('English').getByLabelText('Name'), 'Quick cut');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ translations: { en: { title: 'Quick cut' } } }),
    );
  });
});

describe('GroupForm', () => {
  it('edits the group name in English without touching the Finnish one', async () => {
    signIn('manager');
    const onSubmit = vi.fn();
    renderWithProviders(
      <GroupForm
        initial={{ title: 'Hiukset', details: '', translations: { en: { title: 'Hair' } } }}
        market="fi"
        pending={false}
        error={null}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    const english = language('English').getByLabelText('Group name');
    await user.clear(english);
    await user.type(english, 'Haircuts');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Hiukset',
      details: '',
      translations: { en: { title: 'Haircuts' } },
    });
  });
});
