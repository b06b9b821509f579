import { describe, expect, it } from 'vitest';
import { distanceBetween, distanceGroup, haversineKm, shopCoords } from './distance';

const helsinki = { lat: 60.1699, lng: 24.9384 };
const tampere = { lat: 61.4978, lng: 23.761 };

describe('haversine distance', () => {
  it('measures Helsinki to Tampere on a 6371 km sphere', () => {
    expect(haversineKm(helsinki, tampere)).toBeCloseTo(160.6, 0);
  });

  it('is zero for the same point', () => {
    expect(haversineKm(helsinki, helsinki)).toBe(0);
  });

  it('rounds to 0.1 km in European markets', () => {
    const d = distanceBetween(helsinki, { lat: 60.1799, lng: 24.9384 }, 'FI');
    expect(d).toEqual({ value: 1.1, unit: 'km' });
  });

  it('gives miles (factor 0.6214) rounded to 0.1 in the US market', () => {
    const km = haversineKm(helsinki, tampere);
    const d = distanceBetween(helsinki, tampere, 'US');
    expect(d.unit).toBe('mi');
    expect(d.value).toBe(Math.round(km * 0.6214 * 10) / 10);
  });
});

describe('distance groups', () => {
  it.each([
    [0, 'under1'],
    [0.9, 'under1'],
    [1, 'one'],
    [1.9, 'one'],
    [2, 'over2'],
    [9.9, 'over2'],
    [10, 'over10'],
    [250, 'over10'],
  ])('puts %s in %s', (value, group) => {
    expect(distanceGroup(value)).toBe(group);
  });
});

describe('shop coordinates', () => {
  it('reads the API strings as numbers', () => {
    expect(shopCoords({ latitude: '60.1688', longitude: '24.9325' })).toEqual({
      lat: 60.1688,
      lng: 24.9325,
    });
  });

  it('refuses a missing or impossible location', () => {
    expect(shopCoords({ latitude: '', longitude: '24.9' })).toBeNull();
    expect(shopCoords({ latitude: '95', longitude: '24.9' })).toBeNull();
  });
});
