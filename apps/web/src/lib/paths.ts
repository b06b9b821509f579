// Every link of the app, typed; components never spell a path themselves.
export const paths = {
  root: { path: '/', href: () => '/' },
  home: { path: '/home', href: () => '/home' },
  shops: { path: '/barbershop', href: () => '/barbershop' },
  shop: { path: '/barbershop/:id', href: (id: number) => `/barbershop/${id}` },
  tracking: { path: '/tracking', href: () => '/tracking' },
  orderConfirm: { path: '/order-confirm', href: () => '/order-confirm' },
  notFound: { path: '/404', href: () => '/404' },
  login: { path: '/login', href: () => '/login' },
  register: { path: '/register', href: () => '/register' },
  recovery: { path: '/recovery', href: () => '/recovery' },
  welcome: { path: '/welcome', href: () => '/welcome' },
  tutorial: { path: '/tutorial', href: () => '/tutorial' },
  help: { path: '/help', href: () => '/help' },
  information: { path: '/information', href: () => '/information' },
  membership: { path: '/information', href: () => '/information#membership' },
  install: { path: '/install', href: () => '/install' },
  receipt: { path: '/receipt', href: () => '/receipt' },
  bonus: { path: '/bonus', href: () => '/bonus' },
  profile: { path: '/profile', href: () => '/profile' },
  profileLanguage: { path: '/profile/language', href: () => '/profile/language' },
  profileMessages: { path: '/profile/messages', href: () => '/profile/messages' },
  profileEmail: { path: '/profile/email', href: () => '/profile/email' },
  profileEmailPermission: {
    path: '/profile/email-permission',
    href: () => '/profile/email-permission',
  },
  profileCredits: { path: '/profile/credits', href: () => '/profile/credits' },
  profilePassword: { path: '/profile/password', href: () => '/profile/password' },
  profileNotifications: { path: '/profile/notifications', href: () => '/profile/notifications' },
  profileHistory: { path: '/profile/history', href: () => '/profile/history' },
  display: { path: '/display/:id', href: (id: number) => `/display/${id}` },
  kiosk: { path: '/kiosk/:id', href: (id: number) => `/kiosk/${id}` },
} as const;

/** Locations where the navigation bar shows (section 2): root, home, search, profile, list, bonus, tracking, barbershop. */
const NAV_PREFIXES = [
  '/home',
  '/search',
  '/profile',
  '/list',
  '/bonus',
  '/tracking',
  '/barbershop',
];

export function showsNavigation(pathname: string): boolean {
  return pathname === '/' || NAV_PREFIXES.some((p) => pathname.startsWith(p));
}

/** The floating tracking button shows with an active order anywhere but login and tracking. */
export function showsTrackingButton(pathname: string, hasActiveOrder: boolean): boolean {
  return hasActiveOrder && !pathname.startsWith('/login') && !pathname.startsWith('/tracking');
}

export type Transition = 'slide-left' | 'slide-right';
export interface NavigationState {
  transition?: Transition;
}
