// Web Push: subscribing this browser with the server's VAPID key, and unsubscribing. The
// subscription's JSON is what the profile's fcm_token holds.
import { vapidKeySchema } from '@jono/contract';
import { apiRequest } from '../../lib/api-client';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushDeniedError extends Error {}

/** Asks for permission and subscribes; returns the subscription as JSON text. */
export async function subscribePush(): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeniedError(permission);
  const { publicKey } = await apiRequest('/push/public-key/', { schema: vapidKeySchema });
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  return JSON.stringify(subscription.toJSON());
}

export async function unsubscribePush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
