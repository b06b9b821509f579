// The app's own arrival detection (issue 31): while the order waits and the customer has not
// checked in, and only if they already let the app use their position (it never asks for it for
// this), the tracking screen watches the position and tells the server when a fix puts them at
// the shop (arrival-fence.ts). Battery care: coarse fixes far from the shop and precise ones only
// within a kilometre; no watch once checked in, at a chair or gone, nor after the page has been
// hidden for HIDDEN_STOP_MS (it starts again when the customer looks). The position goes to the
// server once, for its check, and is kept nowhere.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Order } from '@jono/contract';
import { ApiError } from '../../../lib/api-client';
import type { LatLng } from '../../../lib/distance';
import { useLocationStore } from '../../../lib/location-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useNotYet, useReportArrival } from '../api/arrival';
import {
  declined,
  initialFence,
  onFix,
  reportFailed,
  wantsPrecise,
  type FenceState,
} from '../utils/arrival-fence';

/** A page hidden this long stops watching (a phone in a pocket on the way keeps it for a while). */
export const HIDDEN_STOP_MS = 10 * 60_000;
/** Fixes the browser may answer from its cache, and how long one may take. */
const WATCH_MAX_AGE_MS = 15_000;
const WATCH_TIMEOUT_MS = 60_000;

type Permission = 'granted' | 'denied' | 'prompt' | 'unknown';

/** Whether the customer already let the app use their position (never prompts). */
function useGeolocationPermission(): Permission {
  const [state, setState] = useState<Permission>('unknown');
  useEffect(() => {
    if (!('geolocation' in navigator) || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let live = true;
    const onChange = () => {
      if (status) setState(status.state);
    };
    navigator.permissions.query({ name: 'geolocation' }).then(
      (s) => {
        if (!live) return;
        status = s;
        setState(s.state);
        s.addEventListener('change', onChange);
      },
      () => undefined,
    );
    return () => {
      live = false;
      status?.removeEventListener('change', onChange);
    };
  }, []);
  return state;
}

/** False once the page has been hidden for HIDDEN_STOP_MS; true again when it is shown. */
function useRecentlyVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'visible') setVisible(true);
      else timer = setTimeout(() => setVisible(false), HIDDEN_STOP_MS);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onChange);
    };
  }, []);
  return visible;
}

const notYetOrders = (): number[] => {
  const stored = readStorage(STORAGE_KEYS.arrivalNotYet);
  return Array.isArray(stored) ? stored.filter((x): x is number => typeof x === 'number') : [];
};

export interface Arrival {
  /** The position is being watched for arrival now. */
  watching: boolean;
  /** The customer is at the shop by their position only (they may say "not yet"). */
  byPosition: boolean;
  notYet: () => void;
  notYetPending: boolean;
  notYetFailed: boolean;
  /** The customer said "not yet" on this screen. */
  notYetDone: boolean;
}

export function useArrival(order: Order | undefined, shop: LatLng | null): Arrival {
  const orderId = order?.id ?? 0;
  const report = useReportArrival(orderId);
  const undo = useNotYet(orderId);
  const permission = useGeolocationPermission();
  const shared = useLocationStore((s) => s.status === 'located');
  const visible = useRecentlyVisible();
  const fence = useRef<FenceState>(initialFence());
  // Per order: whether fixes should be precise now, and whether the customer said "not yet" here.
  const [flags, setFlags] = useState({ orderId, precise: false, notYetDone: false });
  if (flags.orderId !== orderId) setFlags({ orderId, precise: false, notYetDone: false });
  const precise = flags.orderId === orderId && flags.precise;
  const notYetDone = flags.orderId === orderId && flags.notYetDone;

  // A new order starts a new fence (disarmed if the customer said "not yet" to it before).
  useEffect(() => {
    fence.current = initialFence(notYetOrders().includes(orderId));
  }, [orderId]);

  // Without the Permissions API, a position the customer shared in this session (closest first).
  const allowed = permission === 'granted' || (permission === 'unknown' && shared);
  const waiting =
    order !== undefined &&
    order.status === 'active' &&
    !order.customer_at_pob &&
    order.in_service !== true;
  const watching = allowed && waiting && visible && shop !== null && 'geolocation' in navigator;
  const lat = shop?.lat;
  const lng = shop?.lng;
  const { mutate: reportArrival } = report;

  useEffect(() => {
    if (!watching || lat === undefined || lng === undefined) return;
    const id = navigator.geolocation.watchPosition(
      ({ coords }) => {
        const { state, arrive } = onFix(
          fence.current,
          { lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy },
          { lat, lng },
        );
        fence.current = state;
        const wanted = wantsPrecise(state);
        setFlags((f) => (f.precise === wanted ? f : { ...f, precise: wanted }));
        if (!arrive) return;
        reportArrival(
          { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy },
          {
            // The server places them elsewhere (its own check of the fix): not again until they
            // have been away from the shop; any other failure: again at the next good fix.
            onError: (e) =>
              (fence.current =
                e instanceof ApiError && e.code === 'not_at_shop'
                  ? declined(fence.current)
                  : reportFailed(fence.current)),
          },
        );
      },
      // Denied meanwhile: the permission's change event stops the watch. Timeouts: keep watching.
      () => undefined,
      { enableHighAccuracy: precise, maximumAge: WATCH_MAX_AGE_MS, timeout: WATCH_TIMEOUT_MS },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [watching, precise, lat, lng, reportArrival]);

  const notYet = useCallback(() => {
    undo.mutate(undefined, {
      onSuccess: () => {
        fence.current = declined(fence.current);
        writeStorage(STORAGE_KEYS.arrivalNotYet, [...notYetOrders().slice(-19), orderId]);
        setFlags((f) => ({ ...f, notYetDone: true }));
      },
    });
  }, [undo, orderId]);

  return {
    watching,
    byPosition:
      order?.status === 'active' &&
      order.in_service !== true &&
      order.customer_at_pob &&
      order.presence_source === 'position',
    notYet,
    notYetPending: undo.isPending,
    notYetFailed: undo.isError,
    notYetDone,
  };
}
