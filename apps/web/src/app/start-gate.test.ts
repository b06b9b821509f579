import { describe, expect, it } from 'vitest';
import { startGate, type StartGateInput } from './start-gate';

const base: StartGateInput = {
  loggedIn: true,
  profileLoading: false,
  activeOrderId: null,
  validRecovery: false,
  welcomeSeen: true,
};

describe('the start gate', () => {
  it('waits while the profile loads', () => {
    expect(startGate({ ...base, profileLoading: true, activeOrderId: 5 })).toBe('loading');
  });

  it('goes to tracking with an active order', () => {
    expect(startGate({ ...base, activeOrderId: 5, validRecovery: true })).toBe('tracking');
  });

  it('goes to recovery with a valid recovery record', () => {
    expect(startGate({ ...base, validRecovery: true, welcomeSeen: false })).toBe('recovery');
  });

  it('goes to welcome until a guest has seen it', () => {
    expect(startGate({ ...base, loggedIn: false, welcomeSeen: false })).toBe('welcome');
  });

  it('never sends a logged-in customer to welcome', () => {
    expect(startGate({ ...base, welcomeSeen: false })).toBe('home');
  });

  it('shows home otherwise, and for a guest', () => {
    expect(startGate(base)).toBe('home');
    expect(startGate({ ...base, loggedIn: false, profileLoading: true })).toBe('home');
  });
});
