import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, signIn } from '../../../test/render';
import { ServiceForm } from './service-form';

function setup(extra: boolean) {
  signIn('manager');
  const onSubmit = vi.fn();
  renderWithProviders(
    <ServiceForm
      initial={{ title: 'Pika', details: '', price: '10', duration: '0' }}
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
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Pika', details: '', price: 1000, duration: 0 });
  });
});
