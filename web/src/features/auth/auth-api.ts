import type {
  FreeAccessBody,
  FreeUserPasswordBody,
  LoginBody,
  ManagedUser,
  MessageBody,
  ResetPasswordBody,
  RoleView,
  SessionUser,
  SetPasswordNewUserBody,
  UnlockSignInBody,
} from '@cti/contracts';

import { api } from '../../app/api';
import { refreshPath, RENEW_SESSION, type RenewOutcome } from '../../app/base-query';

const enc = encodeURIComponent;

/** Free access answers the session (a returning confirmed free user) or Confirm Email. */
export type FreeAccessAnswer = SessionUser | { message: 'Confirm Email' };
export const isSession = (answer: FreeAccessAnswer | undefined): answer is SessionUser => !!answer && 'Token' in answer;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionUser, LoginBody>({
      query: (body) => ({ url: 'api/user/login', method: 'POST', body }),
    }),
    refresh: build.mutation<SessionUser, { token: string; isFree: boolean }>({
      query: ({ token, isFree }) => ({ url: refreshPath(isFree), method: 'POST', body: { token } }),
    }),
    /** App start: renews the stored session, one tab at a time (see base-query). */
    resumeSession: build.mutation<RenewOutcome, void>({ query: () => RENEW_SESSION }),
    /** `forgetDevice`: a free user's own Logout also makes this browser forget that it confirmed the address. */
    logout: build.mutation<unknown, { userId: string; username: string; isFree: boolean; forgetDevice?: boolean }>({
      query: ({ userId, username, isFree, forgetDevice }) => ({
        url: isFree ? `api/freeUser/logout/${enc(username)}${forgetDevice ? '?forgetDevice=true' : ''}` : `api/user/logout/${enc(userId)}`,
        method: 'POST',
      }),
    }),
    /** A signed-in free user chooses a password; answered with their credentialed session. */
    chooseFreePassword: build.mutation<SessionUser, FreeUserPasswordBody>({
      query: (body) => ({ url: 'api/freeUser/password', method: 'POST', body }),
    }),
    freeAccess: build.mutation<FreeAccessAnswer, FreeAccessBody>({
      query: (body) => ({ url: `api/freeUser/access/${enc(body.Email)}`, method: 'POST', body }),
    }),
    confirmFreeAccess: build.mutation<SessionUser, { email: string; code: string }>({
      query: ({ email, code }) => ({ url: `api/freeUser/access/${enc(email)}/${enc(code)}`, method: 'POST' }),
    }),
    forgotPassword: build.mutation<MessageBody, string>({
      query: (email) => ({ url: `api/user/forgotPassword/${enc(email)}`, method: 'POST' }),
    }),
    resetPassword: build.mutation<MessageBody, ResetPasswordBody>({
      query: (body) => ({ url: 'api/user/resetPassword', method: 'POST', body }),
    }),
    /** The e-mailed unlock link: opens sign-ins to the account from this browser's network. */
    unlockSignIn: build.mutation<MessageBody, UnlockSignInBody>({
      query: (body) => ({ url: 'api/user/unlockSignIn', method: 'POST', body }),
    }),
    setPasswordNewUser: build.mutation<MessageBody, SetPasswordNewUserBody>({
      query: (body) => ({ url: 'api/user/setPasswordNewUser', method: 'POST', body }),
    }),
    /**
     * Resend the welcome e-mail (`GET api/user/sendReset/{userId}`): admins and the user's
     * managers, or the set-password page with its (expired) link's token.
     */
    sendWelcome: build.mutation<MessageBody, { userId: string; token?: string }>({
      query: ({ userId, token }) => ({ url: `api/user/sendReset/${enc(userId)}${token ? `?token=${enc(token)}` : ''}` }),
    }),
    /** The set-password page's prefill, allowed by its welcome token. */
    userByWelcomeToken: build.query<ManagedUser, { id: string; token: string }>({
      query: ({ id, token }) => `api/user/${enc(id)}?token=${enc(token)}`,
    }),
    ctcRoles: build.query<RoleView[], void>({ query: () => 'api/roles/ctc', keepUnusedDataFor: 3600 }),
    ccRoles: build.query<RoleView[], void>({ query: () => 'api/roles/cc', keepUnusedDataFor: 3600 }),
    rolesByEmail: build.query<RoleView[], string>({ query: (email) => `api/roles/by/email/${enc(email)}` }),
  }),
});

export const {
  useLoginMutation,
  useRefreshMutation,
  useResumeSessionMutation,
  useLogoutMutation,
  useFreeAccessMutation,
  useConfirmFreeAccessMutation,
  useChooseFreePasswordMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSetPasswordNewUserMutation,
  useUnlockSignInMutation,
  useSendWelcomeMutation,
  useUserByWelcomeTokenQuery,
  useCtcRolesQuery,
  useCcRolesQuery,
  useRolesByEmailQuery,
} = authApi;
