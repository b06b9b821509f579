import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  barberAvailability,
  barberErrorKey,
  choiceEstimate,
  choosable,
  currentChoice,
  initialOf,
  spokenLanguages,
} from './barbers';
import { formatTimeOfDay } from './format';
import { estimate, makeBarber } from '../test/barbers';

const aino = makeBarber({
  id: 4,
  first_name: 'Aino',
  service_time_estimates: [estimate(0, 30, 20, 45)],
});
const later = makeBarber({
  id: 5,
  first_name: 'Mikko',
  on_duty: false,
  next_shift_at: '2026-11-26T13:00:00.000Z',
});
const done = makeBarber({ id: 6, first_name: 'Ville', on_duty: false, next_shift_at: null });
const shopWaits = [estimate(3, 2, 0, 5), estimate(0, 10, 5, 15)];

describe('a barber working today', () => {
  it('is at work now, from a time later today, or done for the day', () => {
    expect(barberAvailability(aino)).toEqual({ kind: 'onDuty' });
    expect(barberAvailability(later)).toEqual({ kind: 'later', at: '2026-11-26T13:00:00.000Z' });
    expect(barberAvailability(done)).toEqual({ kind: 'done' });
    expect([aino, later, done].map(choosable)).toEqual([true, true, false]);
  });

  it('is due when planned now but not signed in yet, and may be chosen', () => {
    const due = makeBarber({
      id: 7,
      first_name: 'Helmi',
      on_duty: false,
      next_shift_at: null,
      due_since: '2026-11-26T07:00:00.000Z',
    });
    expect(barberAvailability(due)).toEqual({ kind: 'due', since: '2026-11-26T07:00:00.000Z' });
    expect(choosable(due)).toBe(true);
    expect(currentChoice([due], 7)).toBe(7);
  });

  it('stays chosen while listed and working today, else the choice is the first available', () => {
    const barbers = [aino, later, done];
    expect(currentChoice(barbers, 4)).toBe(4);
    expect(currentChoice(barbers, 5)).toBe(5);
    expect(currentChoice(barbers, 6)).toBeNull();
    expect(currentChoice(barbers, 99)).toBeNull();
    expect(currentChoice([], 4)).toBeNull();
    expect(currentChoice(barbers, null)).toBeNull();
  });

  it("shows the barber's own wait for the choice, and the shop's for the first available", () => {
    expect(choiceEstimate(shopWaits, [aino], 4, null)?.wait_time).toBe(30);
    expect(choiceEstimate(shopWaits, [aino], null, null)?.wait_time).toBe(10);
    expect(choiceEstimate(shopWaits, [aino], null, 3)?.wait_time).toBe(2);
    // A barber gone from the list: the shop's wait.
    expect(choiceEstimate(shopWaits, [], 4, null)?.wait_time).toBe(10);
  });

  it('names the languages spoken in the interface language', () => {
    expect(spokenLanguages(['fi', 'en'], 'en')).toBe('Finnish, English');
    expect(spokenLanguages(['fi', 'en'], 'fi')).toBe('suomi, englanti');
    expect(spokenLanguages(['sv'], 'ee')).toBe('rootsi');
    // A code the browser cannot name is shown as it is.
    expect(spokenLanguages(['not a code!'], 'en')).toBe('not a code!');
  });

  it('gives an avatar the first letter of the name, whatever the script', () => {
    expect(initialOf('aino')).toBe('A');
    expect(initialOf(' Ömer')).toBe('Ö');
    expect(initialOf('👩‍🦰Sam')).toBe('👩');
    expect(initialOf('')).toBe('?');
  });
});

describe("a barber's next shift in the shop's time", () => {
  it('is written on the shop’s clock, not the device’s, across the spring DST change', () => {
    // Helsinki moves from UTC+2 to UTC+3 at 01:00 UTC on 29 March 2026.
    expect(formatTimeOfDay('2026-03-29T00:30:00Z', 'FI', 'Europe/Helsinki')).toBe('2.30');
    expect(formatTimeOfDay('2026-03-29T01:30:00Z', 'FI', 'Europe/Helsinki')).toBe('4.30');
    expect(formatTimeOfDay('2026-03-29T01:30:00Z', 'FI', 'Europe/Stockholm')).toBe('3.30');
  });

  it('is right around midnight and in the autumn change', () => {
    expect(formatTimeOfDay('2026-11-26T21:59:00Z', 'FI', 'Europe/Helsinki')).toBe('23.59');
    expect(formatTimeOfDay('2026-11-26T22:00:00Z', 'FI', 'Europe/Helsinki')).toBe('0.00');
    // 25 October 2026: 00:30 and 01:30 UTC are 03:30 EEST and 03:30 EET.
    expect(formatTimeOfDay('2026-10-25T00:30:00Z', 'FI', 'Europe/Helsinki')).toBe('3.30');
    expect(formatTimeOfDay('2026-10-25T01:30:00Z', 'FI', 'Europe/Helsinki')).toBe('3.30');
  });
});

describe('a refused choice of barber', () => {
  it("is said by the server's code, and anything else asks to try again", () => {
    expect(barberErrorKey(new ApiError(409, 'barber_changes_spent', 'x'))).toBe(
      'errors.barber_changes_spent',
    );
    expect(barberErrorKey(new ApiError(409, 'barber_off_today', 'x'))).toBe(
      'errors.barber_off_today',
    );
    expect(barberErrorKey(new ApiError(0, 'network', 'x'))).toBe('errors.other');
    expect(barberErrorKey(new Error('boom'))).toBe('errors.other');
  });
});
