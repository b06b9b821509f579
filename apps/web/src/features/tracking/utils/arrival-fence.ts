// The app's own arrival detection (issue 31), as a pure decision over the fixes the watch gives:
// a fix within ARRIVAL_RADIUS_M of the shop and accurate to ARRIVAL_MAX_ACCURACY_M or better says
// "arrived" once; after the customer's "not yet" the fence is disarmed until a fix has taken them
// beyond ARRIVAL_EXIT_RADIUS_M (hysteresis: waiting at the corner does not flip them in and out);
// an inaccurate fix decides nothing. Near the shop the watch asks for precise fixes (GPS), farther
// away coarse ones, to spare the battery.
import { ARRIVAL_EXIT_RADIUS_M, ARRIVAL_MAX_ACCURACY_M, fixAtShop } from '@jono/contract';
import { haversineKm, type LatLng } from '../../../lib/distance';

/** Within this distance the watch asks for precise fixes (enableHighAccuracy). */
export const PRECISE_WITHIN_M = 1_000;

export interface Fix {
  lat: number;
  lng: number;
  /** Metres (GeolocationCoordinates.accuracy). */
  accuracy: number;
}

export interface FenceState {
  /** Will report an arrival; false after "not yet" until the customer has gone beyond the exit radius. */
  armed: boolean;
  /** An arrival was reported (and not undone): nothing more to report. */
  reported: boolean;
  /** The last fix's distance (metres), for choosing the watch's precision. */
  distanceM: number | null;
}

export const initialFence = (declined = false): FenceState => ({
  armed: !declined,
  reported: false,
  distanceM: null,
});

/** The next state after a fix, and whether to tell the server the customer has arrived. */
export function onFix(
  state: FenceState,
  fix: Fix,
  shop: LatLng,
): { state: FenceState; arrive: boolean } {
  const distanceM = haversineKm({ lat: fix.lat, lng: fix.lng }, shop) * 1000;
  const next = { ...state, distanceM };
  if (!state.armed) {
    // Re-armed only by a fix that surely places them beyond the exit radius.
    const beyond =
      fix.accuracy <= ARRIVAL_MAX_ACCURACY_M && distanceM - fix.accuracy > ARRIVAL_EXIT_RADIUS_M;
    return { state: beyond ? { ...next, armed: true } : next, arrive: false };
  }
  if (state.reported || !fixAtShop(distanceM, fix.accuracy)) return { state: next, arrive: false };
  return { state: { ...next, reported: true }, arrive: true };
}

/** The customer said "not yet": disarmed until they have been beyond the exit radius. */
export const declined = (state: FenceState): FenceState => ({
  ...state,
  armed: false,
  reported: false,
});

/** The report failed (network): the next good fix reports again. */
export const reportFailed = (state: FenceState): FenceState => ({ ...state, reported: false });

/** Whether the watch should ask for precise fixes now. */
export const wantsPrecise = (state: FenceState): boolean =>
  state.distanceM !== null && state.distanceM <= PRECISE_WITHIN_M;
