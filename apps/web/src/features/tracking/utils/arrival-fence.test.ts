import { describe, expect, it } from 'vitest';
import { ARRIVAL_EXIT_RADIUS_M, ARRIVAL_MAX_ACCURACY_M, ARRIVAL_RADIUS_M } from '@jono/contract';
import { declined, initialFence, onFix, reportFailed, wantsPrecise } from './arrival-fence';

const shop = { lat: 60.1699, lng: 24.9384 };
/** A fix `m` metres north of the shop. */
const at = (m: number, accuracy = 10) => ({ lat: shop.lat + m / 111_195, lng: shop.lng, accuracy });

describe('arrival fence', () => {
  it('reports once when a fix within the radius is accurate enough', () => {
    let s = initialFence();
    let r = onFix(s, at(800), shop);
    expect(r.arrive).toBe(false);
    s = r.state;
    r = onFix(s, at(ARRIVAL_RADIUS_M - 5, 20), shop);
    expect(r.arrive).toBe(true);
    // Further fixes inside report nothing more.
    r = onFix(r.state, at(10, 5), shop);
    expect(r.arrive).toBe(false);
  });

  it('just outside the radius, or inside with a vague fix: not arrived', () => {
    expect(onFix(initialFence(), at(ARRIVAL_RADIUS_M + 5, 5), shop).arrive).toBe(false);
    expect(onFix(initialFence(), at(20, ARRIVAL_MAX_ACCURACY_M + 1), shop).arrive).toBe(false);
    expect(onFix(initialFence(), at(20, Number.NaN), shop).arrive).toBe(false);
    expect(onFix(initialFence(), at(20, ARRIVAL_MAX_ACCURACY_M), shop).arrive).toBe(true);
  });

  it('after "not yet": nothing until a fix beyond the exit radius, then again on return', () => {
    let s = declined(onFix(initialFence(), at(30), shop).state);
    // At the edge, in and out: no report (hysteresis).
    for (const m of [40, ARRIVAL_RADIUS_M + 20, 60, ARRIVAL_EXIT_RADIUS_M - 10, 20]) {
      const r = onFix(s, at(m), shop);
      expect(r.arrive).toBe(false);
      s = r.state;
    }
    // A vague fix far out does not re-arm: it may be a jump of a fix taken at the door.
    s = onFix(s, at(ARRIVAL_EXIT_RADIUS_M + 20, 200), shop).state;
    expect(onFix(s, at(20), shop).arrive).toBe(false);
    // Surely beyond the exit radius: re-armed; back at the door reports again.
    s = onFix(s, at(ARRIVAL_EXIT_RADIUS_M + 60, 20), shop).state;
    expect(s.armed).toBe(true);
    expect(onFix(s, at(20), shop).arrive).toBe(true);
  });

  it('a declined order starts disarmed (the choice survives a reload)', () => {
    expect(onFix(initialFence(true), at(10), shop).arrive).toBe(false);
  });

  it('a failed report is retried on the next good fix', () => {
    const first = onFix(initialFence(), at(10), shop);
    expect(first.arrive).toBe(true);
    expect(onFix(reportFailed(first.state), at(12), shop).arrive).toBe(true);
  });

  it('asks for precise fixes only near the shop', () => {
    expect(wantsPrecise(initialFence())).toBe(false);
    expect(wantsPrecise(onFix(initialFence(), at(5_000, 500), shop).state)).toBe(false);
    expect(wantsPrecise(onFix(initialFence(), at(600, 500), shop).state)).toBe(true);
  });
});
