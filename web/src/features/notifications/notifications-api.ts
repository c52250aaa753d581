import type {
  AlertSettings,
  FollowedCountry,
  MarkReadBody,
  MessageBody,
  NotificationList,
  UnreadCount,
  UnsubscribeAnswer,
} from '@cti/contracts';

import { api } from '../../app/api';

/** Following countries and alerts (the notifications service: api/follow, api/notifications/…). */
export const notificationsApi = api.enhanceEndpoints({ addTagTypes: ['Follow', 'Notification'] }).injectEndpoints({
  endpoints: (build) => ({
    follows: build.query<FollowedCountry[], void>({
      query: () => 'api/follow',
      providesTags: (result) => [
        { type: 'Follow', id: 'LIST' },
        ...(result ?? []).map((f) => ({ type: 'Follow' as const, id: f.GroupId })),
      ],
    }),
    follow: build.mutation<FollowedCountry, string>({
      query: (groupId) => ({ url: `api/follow/${encodeURIComponent(groupId)}`, method: 'PUT' }),
      invalidatesTags: [{ type: 'Follow', id: 'LIST' }],
    }),
    unfollow: build.mutation<MessageBody, string>({
      query: (groupId) => ({ url: `api/follow/${encodeURIComponent(groupId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, groupId) => [
        { type: 'Follow', id: 'LIST' },
        { type: 'Follow', id: groupId },
      ],
    }),
    notifications: build.query<NotificationList, string | undefined>({
      query: (before) => `api/notifications/list${before ? `?before=${encodeURIComponent(before)}` : ''}`,
      providesTags: [{ type: 'Notification', id: 'LIST' }],
    }),
    unreadCount: build.query<UnreadCount, void>({
      query: () => 'api/notifications/unread-count',
      providesTags: [{ type: 'Notification', id: 'UNREAD' }],
    }),
    markRead: build.mutation<UnreadCount, MarkReadBody>({
      query: (body) => ({ url: 'api/notifications/read', method: 'POST', body }),
      invalidatesTags: [
        { type: 'Notification', id: 'LIST' },
        { type: 'Notification', id: 'UNREAD' },
      ],
    }),
    alertSettings: build.query<AlertSettings, void>({
      query: () => 'api/notifications/settings',
      providesTags: [{ type: 'Notification', id: 'SETTINGS' }],
    }),
    saveAlertSettings: build.mutation<AlertSettings, AlertSettings>({
      query: (body) => ({ url: 'api/notifications/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Notification', id: 'SETTINGS' }],
    }),
    unsubscribe: build.mutation<UnsubscribeAnswer, string>({
      query: (token) => ({ url: 'api/notifications/unsubscribe', method: 'POST', body: { token } }),
      invalidatesTags: [
        { type: 'Follow', id: 'LIST' },
        { type: 'Notification', id: 'SETTINGS' },
      ],
    }),
    resubscribe: build.mutation<UnsubscribeAnswer, string>({
      query: (token) => ({ url: 'api/notifications/resubscribe', method: 'POST', body: { token } }),
      invalidatesTags: [
        { type: 'Follow', id: 'LIST' },
        { type: 'Notification', id: 'SETTINGS' },
      ],
    }),
  }),
});

export const {
  useFollowsQuery,
  useFollowMutation,
  useUnfollowMutation,
  useNotificationsQuery,
  useLazyNotificationsQuery,
  useUnreadCountQuery,
  useMarkReadMutation,
  useAlertSettingsQuery,
  useSaveAlertSettingsMutation,
  useUnsubscribeMutation,
  useResubscribeMutation,
} = notificationsApi;
