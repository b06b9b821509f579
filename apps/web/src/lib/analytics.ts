// Analytics events go to the data layer (section 7); nothing is sent when no tag manager reads it.
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function track(event: string, data: Record<string, unknown> = {}): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...data });
}
