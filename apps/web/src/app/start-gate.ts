// The start gate of section 2 as a pure decision: where "/" sends the customer.
export type StartGateTarget = 'loading' | 'tracking' | 'recovery' | 'welcome' | 'home';

export interface StartGateInput {
  loggedIn: boolean;
  profileLoading: boolean;
  activeOrderId: number | null | undefined;
  validRecovery: boolean;
  welcomeSeen: boolean;
}

export function startGate(input: StartGateInput): StartGateTarget {
  if (input.loggedIn && input.profileLoading) return 'loading';
  if (input.loggedIn && input.activeOrderId) return 'tracking';
  if (input.validRecovery) return 'recovery';
  // A customer who has an account has no use for the welcome slides.
  if (!input.welcomeSeen && !input.loggedIn) return 'welcome';
  return 'home';
}

export interface FirstLoad {
  pathname: string;
  loggedIn: boolean;
  validRecovery: boolean;
  welcomeSeen: boolean;
}

/**
 * Where a page load starts, before the first render: "/" and, for a guest, tracking (a login-only
 * screen, which sends a guest to "/") go through the start gate; when the gate's answer is already
 * known to be the welcome slides (a guest's answer needs no profile), the load starts on them, as
 * the gate's redirect would have left it (the address replaced, nothing added to the history),
 * without drawing "/" and redirecting first.
 */
export function firstLoadPath(load: FirstLoad): { gated: boolean; path: string } {
  const { pathname, loggedIn } = load;
  const gated = pathname === '/' || (pathname === '/tracking' && !loggedIn);
  const toWelcome =
    gated &&
    startGate({
      loggedIn,
      profileLoading: false,
      activeOrderId: undefined,
      validRecovery: load.validRecovery,
      welcomeSeen: load.welcomeSeen,
    }) === 'welcome';
  return { gated: gated && !toWelcome, path: toWelcome ? '/welcome' : pathname };
}
