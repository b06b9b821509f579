// Navigation groups (Guest, Default, Queue, Check-in) and the items of the navigation bar.
import { BONUS_COUNTRIES, BONUS_TEASER_COUNTRIES, type Locale } from '@jono/contract';

export type NavigationGroup = 'guest' | 'default' | 'queue' | 'checkIn';

export function navigationGroup(input: {
  loggedIn: boolean;
  hasActiveOrder: boolean;
  checkedIn: boolean;
}): NavigationGroup {
  if (!input.loggedIn) return 'guest';
  if (!input.hasActiveOrder) return 'default';
  return input.checkedIn ? 'checkIn' : 'queue';
}

export type NavItem = 'home' | 'bonus' | 'profile' | 'login';

/** Logged in: home, bonus (only in markets with a bonus or teaser) and profile. Logged out: home and login. */
export function navItems(loggedIn: boolean, locale: Locale): NavItem[] {
  if (!loggedIn) return ['home', 'login'];
  const bonus = BONUS_COUNTRIES.includes(locale) || BONUS_TEASER_COUNTRIES.includes(locale);
  return bonus ? ['home', 'bonus', 'profile'] : ['home', 'profile'];
}
