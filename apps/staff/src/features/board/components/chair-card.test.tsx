import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, signIn } from '../../../test/render';
import { makeOrder } from '../../../test/factories';
import { ChairCard } from './chair-card';

const card = (probablyFinished: boolean) => (
  <ul>
    <ChairCard
      chair={1}
      state="busy"
      order={makeOrder({
        state: 'in_service',
        started_at: '2026-11-26T09:00:00Z',
        probably_finished: probablyFinished,
      })}
      since="2026-11-26T09:00:00Z"
      next={undefined}
      now={Date.parse('2026-11-26T10:10:00Z')}
      busy={false}
      onFinish={() => {}}
      onStartNext={() => {}}
    />
  </ul>
);

describe('ChairCard', () => {
  it('asks staff whether a service far past its usual length is done', () => {
    signIn();
    renderWithProviders(card(true));
    expect(screen.getByText('Probably finished? Press Finish')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: /Finish/ })).toBeEnabled();
  });

  it('does not ask while the service is within its usual length', () => {
    signIn();
    renderWithProviders(card(false));
    expect(screen.queryByText(/Probably finished/)).toBeNull();
  });
});
