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
