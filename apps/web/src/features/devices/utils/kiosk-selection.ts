// What a walk-in picked at the kiosk: service id -> the ids of its extras.
export type KioskSelection = Record<number, number[]>;

/** Toggles a service (dropping its extras with it), or one extra of a picked service. */
export function toggleSelection(sel: KioskSelection, serviceId: number, extraId?: number) {
  const picked = sel[serviceId];
  if (extraId === undefined) {
    if (picked === undefined) return { ...sel, [serviceId]: [] };
    const rest = { ...sel };
    delete rest[serviceId];
    return rest;
  }
  if (picked === undefined) return sel;
  return {
    ...sel,
    [serviceId]: picked.includes(extraId)
      ? picked.filter((x) => x !== extraId)
      : [...picked, extraId],
  };
}
