// The logged-in session (tokens and remember-login), persisted to local storage.
import { create } from 'zustand';
import { persisted } from './persisted';
import { STORAGE_KEYS } from './storage';

export interface Session {
  customerId: number;
  accessToken: string;
  refreshToken: string;
}

interface SessionState {
  session: Session | null;
  rememberLogin: boolean;
  setSession: (session: Session, rememberLogin?: boolean) => void;
  clearSession: () => void;
}

export const useSessionStore = create<SessionState>()(
  persisted(
    (set) => ({
      session: null,
      rememberLogin: false,
      setSession: (session, rememberLogin) =>
        set((s) => ({ session, rememberLogin: rememberLogin ?? s.rememberLogin })),
      clearSession: () => set({ session: null }),
    }),
    { name: STORAGE_KEYS.session },
  ),
);

export const useIsLoggedIn = () => useSessionStore((s) => s.session !== null);
export const useCustomerId = () => useSessionStore((s) => s.session?.customerId ?? null);
