import { describe, expect, it } from 'vitest';
import { firstLoadPath, startGate, type StartGateInput } from './start-gate';

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

describe('where a page load starts', () => {
  const guest = { loggedIn: false, validRecovery: false, welcomeSeen: false };

  it('a guest first visit to "/" or to tracking starts on the welcome slides', () => {
    expect(firstLoadPath({ ...guest, pathname: '/' })).toEqual({ gated: false, path: '/welcome' });
    expect(firstLoadPath({ ...guest, pathname: '/tracking' })).toEqual({
      gated: false,
      path: '/welcome',
    });
  });

  it('goes through the gate when its answer is not the welcome slides', () => {
    expect(firstLoadPath({ ...guest, pathname: '/', welcomeSeen: true })).toEqual({
      gated: true,
      path: '/',
    });
    expect(firstLoadPath({ ...guest, pathname: '/tracking', validRecovery: true })).toEqual({
      gated: true,
      path: '/tracking',
    });
    // A customer's answer waits for their profile (an active order goes to tracking).
    expect(firstLoadPath({ ...guest, pathname: '/', loggedIn: true })).toEqual({
      gated: true,
      path: '/',
    });
  });

  it('leaves every other address alone', () => {
    for (const pathname of ['/welcome', '/home', '/barbershop/1', '/login']) {
      expect(firstLoadPath({ ...guest, pathname })).toEqual({ gated: false, path: pathname });
    }
    expect(firstLoadPath({ ...guest, pathname: '/tracking', loggedIn: true })).toEqual({
      gated: false,
      path: '/tracking',
    });
  });
});
