// The one notification banner of the app (title, text, optional link), shown for a while.
import { create } from 'zustand';
import { NOTIFICATION_DEFAULT_MS } from '@jono/contract';

export interface Notification {
  title: string;
  text?: string;
  code?: string;
  linkUrl?: string;
  linkText?: string;
  tone?: 'info' | 'error';
}

interface NotificationState {
  current: (Notification & { key: number }) | null;
  show: (notification: Notification, ms?: number) => void;
  hide: () => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let counter = 0;

export const useNotificationStore = create<NotificationState>()((set) => ({
  current: null,
  show: (notification, ms = NOTIFICATION_DEFAULT_MS) => {
    clearTimeout(timer);
    counter += 1;
    set({ current: { ...notification, key: counter } });
    timer = setTimeout(() => set({ current: null }), ms);
  },
  hide: () => {
    clearTimeout(timer);
    set({ current: null });
  },
}));

export const notify = (notification: Notification, ms?: number) =>
  useNotificationStore.getState().show(notification, ms);
