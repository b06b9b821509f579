// Demo shops of every market (one file per market) and their opening hours.
import type { Market } from '@jono/contract';
import type { OpenTimeRow } from '../../schema';
import type { DemoShop } from '../types';
import { SHOPS as dk } from './dk';
import { SHOPS as ee } from './ee';
import { SHOPS as fi } from './fi';
import { SHOPS as no } from './no';
import { SHOPS as se } from './se';

const week = (
  weekday: [string, string],
  sat: [string, string] | null,
  sun: [string, string] | null,
): OpenTimeRow[] => [
  ...[1, 2, 3, 4, 5].map((d) => ({ weekday: d, open: weekday[0], close: weekday[1] })),
  ...(sat ? [{ weekday: 6, open: sat[0], close: sat[1] }] : []),
  ...(sun ? [{ weekday: 7, open: sun[0], close: sun[1] }] : []),
];

export const HOURS: Record<DemoShop['hours'], OpenTimeRow[]> = {
  standard: week(['09:00', '19:00'], ['10:00', '17:00'], null),
  mall: week(['09:00', '21:00'], ['09:00', '18:00'], ['12:00', '18:00']),
  // Around the clock, every day: lets anyone try ordering whatever the hour.
  allDay: week(['00:00', '24:00'], ['00:00', '24:00'], ['00:00', '24:00']),
};

export const DEMO_SHOPS: Record<Market, DemoShop[]> = { fi, ee, no, dk, se };
