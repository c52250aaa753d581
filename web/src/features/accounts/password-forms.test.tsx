import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';

import { makeStore } from '../../app/store';
import { selectToasts } from '../../components/toast/toast-slice';
import { gateway } from '../../test-support/played-gateway';
import { adminSession, managedUser } from '../../test-support/sessions';
import { signedIn } from '../auth/auth-slice';
import ResetPasswordPage from '../auth/ResetPasswordPage';
import SetPasswordPage from '../auth/SetPasswordPage';

import MyAccountPage from './account/MyAccountPage';
import { accountsApi } from './accounts-api';

type PlayedGateway = typeof import('../../test-support/played-gateway');
jest.mock('../../app/base-query', () => jest.requireActual<PlayedGateway>('../../test-support/played-gateway').playedBaseQuery());

const TOO_SHORT = 'Please make sure the length of your passsword is more than 11 characters.';
const TOO_COMMON =
  'This password is too common: it appears in lists of breached passwords that attackers try first. Please choose another; a few unrelated words make a good one.';

const me = managedUser({
  Id: adminSession.Id,
  FirstName: 'Ada',
  LastName: 'Admin',
  Email: adminSession.Username,
  Organization: 'AWG',
  OrganizationAddress: 'Dublin',
});

/** The paths that set a password, and what the played gateway answers a refused one with. */
const passwordCalls = ['api/user/resetPassword', 'api/user/setPasswordNewUser', 'api/user/account'];

async function renderForm(path: string, route: string, page: ReactElement, signedInAs?: boolean) {
  localStorage.clear();
  sessionStorage.clear();
  const store = makeStore();
  if (signedInAs) {
    store.dispatch(signedIn({ session: adminSession, isFree: false }));
    await store.dispatch(accountsApi.util.upsertQueryData('user', adminSession.Id, me));
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return () => selectToasts(store.getState()).map((t) => t.text);
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

const forms: Array<{
  name: string;
  open: () => Promise<() => string[]>;
  fillRest: () => void;
  password: string;
  confirm: string;
  submit: string;
  tooShortText: string;
}> = [
  {
    name: 'reset password',
    open: () => renderForm('/resetPassword/code-1', '/resetPassword/:code', <ResetPasswordPage />),
    fillRest: () => fill('E-mail', 'ada@example.org'),
    password: 'New password',
    confirm: 'Confirm new password',
    submit: 'Reset password',
    tooShortText: TOO_SHORT,
  },
  {
    name: 'set your password (the welcome link)',
    open: () => renderForm('/user/setPassword/u-1/welcome-1', '/user/setPassword/:id/:token', <SetPasswordPage />),
    fillRest: () => {
      fill('First name', 'Nora');
      fill('Last name', 'New');
      fill('Organisation name', 'Law firm');
      fill('Organisation address', 'Dublin');
    },
    password: 'Password',
    confirm: 'Confirm password',
    submit: 'Set password',
    tooShortText: TOO_SHORT,
  },
  {
    name: 'my account',
    open: () => renderForm('/user/account', '/user/account', <MyAccountPage />, true),
    fillRest: () => fill('Current password', 'the current one'),
    password: 'New password',
    confirm: 'Confirm new password',
    submit: 'Save',
    tooShortText: TOO_SHORT,
  },
];

beforeEach(() => {
  gateway.mockReset();
  gateway.mockImplementation(async (args) => {
    if (passwordCalls.includes(String(args.url))) return { error: { status: 400, data: { message: 'PasswordTooCommon' } } };
    // the welcome link's prefill, and the other sections of My account: nothing to show
    if (String(args.url).startsWith('api/user/u-1')) return { error: { status: 401, data: { message: 'InvalidToken' } } };
    // My account reloads the user after a save, refused or not
    if (args.url === `api/user/${me.Id}`) return { data: me };
    // what the user owns (My account's plan section): nothing
    if (args.url === 'api/purchase/owned') return { data: { Plans: [], Countries: [], CertifiedScorecards: [] } };
    return { data: [] };
  });
});

describe.each(forms)('the $name form', (form) => {
  it('tells the policy under the field, refuses fewer than 12 characters itself, and explains a common password the server refused', async () => {
    const toasts = await form.open();
    await screen.findByLabelText(form.password, { exact: true });
    expect(screen.getByText(/At least 12 characters; no other rules\. Common and breached passwords are refused\./)).toBeTruthy();
    form.fillRest();
    fill(form.password, 'elevenchars');
    fill(form.confirm, 'elevenchars');
    fireEvent.click(screen.getByRole('button', { name: form.submit }));
    await waitFor(() => expect(toasts()).toContain(form.tooShortText));
    expect(gateway.mock.calls.some(([args]) => passwordCalls.includes(String(args.url)))).toBe(false);

    fill(form.password, 'password1234');
    fill(form.confirm, 'password1234');
    fireEvent.click(screen.getByRole('button', { name: form.submit }));
    await waitFor(() => expect(toasts()).toContain(TOO_COMMON));
  });
});
