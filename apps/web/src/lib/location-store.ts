// The customer's last known coordinates and the geolocation status (section 3).
import { create } from 'zustand';
import { persisted } from './persisted';
import { STORAGE_KEYS } from './storage';

export interface Coords {
  lat: number;
  lng: number;
}
export type GeolocationStatus = 'idle' | 'locating' | 'located' | 'denied' | 'failed';

interface LocationState {
  coords: Coords | null;
  status: GeolocationStatus;
  closestFirst: boolean;
  setCoords: (coords: Coords) => void;
  setStatus: (status: GeolocationStatus) => void;
  setClosestFirst: (on: boolean) => void;
}

export const useLocationStore = create<LocationState>()(
  persisted(
    (set) => ({
      coords: null,
      status: 'idle',
      closestFirst: false,
      setCoords: (coords) => set({ coords, status: 'located' }),
      setStatus: (status) => set({ status }),
      setClosestFirst: (closestFirst) => set({ closestFirst }),
    }),
    { name: STORAGE_KEYS.location, partialize: (s) => ({ coords: s.coords }) },
  ),
);
