import type {
  NotificationSettings,
  NotificationSettingsResponse,
  SaveNotificationSettingsResponse,
} from '@kindred/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** GET /api/users/me/notification-settings. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: async ({ signal }) =>
      (await api.get<NotificationSettingsResponse>('/users/me/notification-settings', { signal }))
        .settings,
  });
}

/** PUT /api/users/me/notification-settings: all of them at once; the answer is what is stored. */
export function saveNotificationSettings(settings: NotificationSettings) {
  return api.put<SaveNotificationSettingsResponse>('/users/me/notification-settings', settings);
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (response) => {
      queryClient.setQueryData(notificationKeys.settings(), response.settings);
    },
  });
}
