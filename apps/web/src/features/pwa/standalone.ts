// Is the app running installed (standalone), and which install steps fit this device.
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true
  );
}

export type InstallPlatform = 'ios' | 'android' | 'both';

export function installPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  // iPadOS presents itself as a Mac with touch.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'both';
}

export const currentInstallPlatform = (): InstallPlatform =>
  typeof navigator === 'undefined'
    ? 'both'
    : installPlatform(navigator.userAgent, navigator.maxTouchPoints);
