import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, signIn } from '../../../test/render';
import { makeOrder } from '../../../test/factories';
import { PresenceTag } from './presence-tag';

const presence = {
  eta_minutes: null,
  held_until: null,
  deferred_until: null,
  rejoined: false,
};

describe('PresenceTag', () => {
  it("shows held and deferred times in the shop's time zone, whatever the tablet's", () => {
    signIn();
    // 10:14 UTC is 12:14 in Helsinki in winter and 05:14 in New York.
    renderWithProviders(
      <>
        <PresenceTag
          order={makeOrder({
            presence: { ...presence, state: 'held', held_until: '2026-11-26T10:14:00Z' },
          })}
          timeZone="Europe/Helsinki"
        />
        <PresenceTag
          order={makeOrder({
            presence: { ...presence, state: 'deferred', deferred_until: '2026-07-01T10:14:00Z' },
          })}
          timeZone="America/New_York"
        />
      </>,
    );
    expect(screen.getByText(/^Held until 12:14/)).toBeInTheDocument();
    // Summer time: New York is 4 hours behind UTC.
    expect(screen.getByText(/^Deferred by the customer until 0?6:14/)).toBeInTheDocument();
  });
});
