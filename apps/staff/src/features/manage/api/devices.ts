// GET, POST /staff/devices/, DELETE /staff/devices/{id}/ and PATCH /staff/shop/presence/
// (manager): the shop's display and kiosk codes, and what the display shows.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deviceCreatedSchema,
  deviceListSchema,
  deviceSchema,
  presenceSettingsAnswerSchema,
  type DeviceKind,
  type DisplayNames,
} from '@jono/contract';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

export function useDevices() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.devices(session?.market ?? 'fi', session?.staff.pob_id ?? 0),
    queryFn: ({ signal }) => apiRequest('/staff/devices/', { schema: deviceListSchema, signal }),
    enabled: session !== null,
  });
}

function useInvalidateDevices() {
  const session = useSession();
  const queryClient = useQueryClient();
  return () => {
    if (!session) return;
    void queryClient.invalidateQueries({
      queryKey: queryKeys.devices(session.market, session.staff.pob_id),
    });
  };
}

export function useCreateDevice() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: (payload: { kind: DeviceKind; label: string }) =>
      apiRequest('/staff/devices/', { method: 'POST', body: payload, schema: deviceCreatedSchema }),
    onSuccess,
  });
}

export function useRevokeDevice() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/staff/devices/${id}/`, { method: 'DELETE', schema: deviceSchema }),
    onSuccess,
  });
}

export function useUpdatePresenceSettings() {
  const onSuccess = useInvalidateDevices();
  return useMutation({
    mutationFn: (patch: { display_names?: DisplayNames; hold_grace_minutes?: number }) =>
      apiRequest('/staff/shop/presence/', {
        method: 'PATCH',
        body: patch,
        schema: presenceSettingsAnswerSchema,
      }),
    onSuccess,
  });
}
