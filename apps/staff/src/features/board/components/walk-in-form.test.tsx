import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeShop } from '@jono/test-kit';
import { renderWithProviders, signIn } from '../../../test/render';
import { WalkInForm } from './walk-in-form';

function setup() {
  signIn();
  const onSubmit = vi.fn();
  renderWithProviders(
    <WalkInForm
      shop={makeShop()}
      pending={false}
      error={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('WalkInForm', () => {
  it('sends the chosen services with their extras, the name and the member phone', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('checkbox', { name: /Haircut/ }));
    await user.click(screen.getByRole('checkbox', { name: /Wash/ }));
    await user.click(screen.getByRole('checkbox', { name: /Clipper cut/ }));
    await user.type(screen.getByLabelText('First name (optional)'), 'Matti');
    await user.type(screen.getByLabelText("Member's phone (optional)"), '0400000002');
    expect(screen.getByText('About 45 min in the chair')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    expect(onSubmit).toHaveBeenCalledWith({
      items: [
        { service_id: 11, extra_service_ids: [21] },
        { service_id: 12, extra_service_ids: [] },
      ],
      name: 'Matti',
      phone: '0400000002',
    });
  });

  it('shows extras only for a chosen service and asks for a service before sending', async () => {
    const { onSubmit, user } = setup();
    expect(screen.queryByRole('checkbox', { name: /Wash/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one service.');
    expect(onSubmit).not.toHaveBeenCalled();
    // Choosing a service takes the message away.
    await user.click(screen.getByRole('checkbox', { name: /Haircut/ }));
    expect(
      screen.queryByText('Choose at least one service.', {
        selector: '[role=alert] *, [role=alert]',
      }),
    ).toBeNull();
  });

  it('refuses a phone number that is too short', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('checkbox', { name: /Haircut/ }));
    await user.type(screen.getByLabelText("Member's phone (optional)"), '12');
    await user.click(screen.getByRole('button', { name: 'Add to queue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Check the phone number.');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
