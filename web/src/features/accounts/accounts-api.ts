import type {
  AccessRequestView,
  AccountUpdateBody,
  ApprovalPayload,
  ExternalApprovalPayload,
  ExternalRequestPayload,
  GroupEmailPayload,
  GroupPayload,
  GroupView,
  LogoView,
  MailboxMessage,
  ManagedUser,
  MessageBody,
  RoleView,
  UserPayload,
} from '@cti/contracts';

import { api } from '../../app/api';

const enc = encodeURIComponent;
const USERS = { type: 'User' as const, id: 'LIST' };
const GROUPS = { type: 'Group' as const, id: 'LIST' };
const REQUESTS = { type: 'AccessRequest' as const, id: 'LIST' };

/** Users, groups, roles, the request queue, My account and the dev mailbox. */
export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    managedUsers: build.query<ManagedUser[], void>({
      query: () => 'api/user/groupManager',
      providesTags: (rows) => [USERS, ...(rows ?? []).map((u) => ({ type: 'User' as const, id: u.Id }))],
    }),
    user: build.query<ManagedUser, string>({
      query: (id) => `api/user/${enc(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    registerUser: build.mutation<MessageBody, UserPayload>({
      query: (body) => ({ url: 'api/user/register', method: 'POST', body }),
      invalidatesTags: [USERS, GROUPS],
    }),
    updateUser: build.mutation<MessageBody, UserPayload>({
      query: (body) => ({ url: 'api/user/update', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [USERS, GROUPS, { type: 'User', id: body.Id ?? 'LIST' }],
    }),
    updateAccount: build.mutation<MessageBody, AccountUpdateBody>({
      query: (body) => ({ url: 'api/user/account', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [{ type: 'User', id: body.user.Id }, USERS],
    }),
    roles: build.query<RoleView[], void>({
      query: () => 'api/roles',
      providesTags: [{ type: 'Role', id: 'LIST' }],
      keepUnusedDataFor: 3600,
    }),
    groups: build.query<GroupView[], void>({ query: () => 'api/group', providesTags: [GROUPS] }),
    managerGroups: build.query<GroupView[], void>({ query: () => 'api/group/manager', providesTags: [GROUPS] }),
    calculatorGroups: build.query<GroupView[], void>({ query: () => 'api/group/ccOptions', providesTags: [GROUPS] }),
    logos: build.query<LogoView[], void>({ query: () => 'api/logo', keepUnusedDataFor: 3600 }),
    addGroup: build.mutation<GroupView, GroupPayload>({
      query: (body) => ({ url: 'api/group', method: 'POST', body }),
      invalidatesTags: [GROUPS],
    }),
    editGroup: build.mutation<GroupView, GroupPayload>({
      query: (body) => ({ url: 'api/group/edit', method: 'POST', body }),
      invalidatesTags: [GROUPS, USERS],
    }),
    emailGroup: build.mutation<MessageBody, GroupEmailPayload>({
      query: (body) => ({ url: 'api/group/email', method: 'POST', body }),
    }),
    accessRequests: build.query<AccessRequestView[], void>({ query: () => 'api/request', providesTags: [REQUESTS] }),
    createExternalRequest: build.mutation<MessageBody, ExternalRequestPayload>({
      query: (body) => ({ url: 'api/request/external/create', method: 'POST', body }),
      invalidatesTags: [REQUESTS],
    }),
    approveRequest: build.mutation<MessageBody, ApprovalPayload>({
      query: (body) => ({ url: 'api/request/approve', method: 'POST', body }),
      invalidatesTags: [REQUESTS, USERS, GROUPS],
    }),
    approveExternalRequest: build.mutation<MessageBody, ExternalApprovalPayload>({
      query: (body) => ({ url: 'api/request/external/approve', method: 'POST', body }),
      invalidatesTags: [REQUESTS, USERS, GROUPS],
    }),
    denyRequest: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `api/request/deny/${enc(id)}` }),
      invalidatesTags: [REQUESTS],
    }),
    devMailbox: build.query<MailboxMessage[], string | void>({
      query: (to) => `api/mail/dev/messages${to ? `?to=${enc(to)}` : ''}`,
    }),
  }),
});

export const {
  useManagedUsersQuery,
  useUserQuery,
  useRegisterUserMutation,
  useUpdateUserMutation,
  useUpdateAccountMutation,
  useRolesQuery,
  useGroupsQuery,
  useManagerGroupsQuery,
  useCalculatorGroupsQuery,
  useLogosQuery,
  useAddGroupMutation,
  useEditGroupMutation,
  useEmailGroupMutation,
  useAccessRequestsQuery,
  useCreateExternalRequestMutation,
  useApproveRequestMutation,
  useApproveExternalRequestMutation,
  useDenyRequestMutation,
  useDevMailboxQuery,
} = accountsApi;
