// Distances between the customer and shops: haversine on a 6371 km sphere, 0.1 rounding,
// miles in the US market (section 9), and the distance group labels of the shop list.
import { EARTH_RADIUS_KM, INTL_LOCALE, KM_TO_MILES, type Locale } from '@jono/contract';
import { numberFormat } from './intl-cache';

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type DistanceUnit = 'km' | 'mi';

export const unitOfLocale = (locale: Locale): DistanceUnit => (locale === 'US' ? 'mi' : 'km');

export interface Distance {
  value: number;
  unit: DistanceUnit;
}

/** The distance in the locale's unit, rounded to 0.1. */
export function distanceBetween(a: LatLng, b: LatLng, locale: Locale): Distance {
  const km = haversineKm(a, b);
  const unit = unitOfLocale(locale);
  const raw = unit === 'mi' ? km * KM_TO_MILES : km;
  return { value: Math.round(raw * 10) / 10, unit };
}

/** Group labels of the list: under 1, 1, over 2, over 10 (in the locale's unit). */
export type DistanceGroup = 'under1' | 'one' | 'over2' | 'over10';

export function distanceGroup(value: number): DistanceGroup {
  if (value < 1) return 'under1';
  if (value < 2) return 'one';
  if (value < 10) return 'over2';
  return 'over10';
}

/** Coordinates of a shop, or null when its location is missing or not numbers. */
export function shopCoords(location: { latitude: string; longitude: string }): LatLng | null {
  const lat = Number.parseFloat(location.latitude);
  const lng = Number.parseFloat(location.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** A distance with its unit, one decimal at most: "1,2 km", "0.7 mi". */
export function formatDistance(distance: Distance, locale: Locale): string {
  const f = numberFormat(
    `distance:${locale}`,
    () => new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 1 }),
  );
  return `${f.format(distance.value)} ${distance.unit}`;
}
