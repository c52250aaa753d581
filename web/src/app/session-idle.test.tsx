import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';

import type { SessionUser } from '@cti/contracts';

import { signedIn } from '../features/auth/auth-slice';

import { appConfigApi } from './app-config';
import { SessionFeatures } from './session-features';
import { StorageKeys } from './session-storage';
import { makeStore } from './store';

const session: SessionUser = {
  Id: 'u1',
  Username: 'u@example.com',
  Name: 'U Ser',
  FirstName: 'U',
  LastName: 'Ser',
  Roles: [6],
  IsGroupManager: false,
  MustAgreeCTC: false,
  IsACID: false,
  IsAdmin: false,
  Groups: [],
  IsFree: false,
  Token: 't1',
  RefreshToken: 'r1',
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function setup(path = '/index') {
  window.localStorage.clear();
  // jsdom has no fetch: the server logout fails, and the session ends locally all the same
  const store = makeStore();
  await store.dispatch(
    appConfigApi.util.upsertQueryData('appConfig', undefined, {
      demo: false,
      vendorEmailDomain: 'x',
      trustedOrigins: [],
      environment: 'test',
    }),
  );
  store.dispatch(signedIn({ session, isFree: false }));
  window.localStorage.setItem(StorageKeys.questionnaireFilter, 'Ireland');
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <SessionFeatures />
        <Routes>
          <Route path="/index" element={<p>index page</p>} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('session idle time-out', () => {
  it('asks "Are you still there?" after 30 idle minutes; Yes keeps the session', async () => {
    const store = await setup();
    act(() => void jest.advanceTimersByTime(29 * 60_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void jest.advanceTimersByTime(60_000 + 10));
    // the dialog's code loads when it first opens
    expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('5 minutes');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().auth.user).not.toBeNull();
  });

  it('activity restarts the idle clock', async () => {
    await setup();
    act(() => void jest.advanceTimersByTime(20 * 60_000));
    fireEvent.keyDown(window, { key: 'a' });
    act(() => void jest.advanceTimersByTime(20 * 60_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('logs out, clears the stored session and goes to /login when the 5-minute countdown runs out', async () => {
    const store = await setup();
    act(() => void jest.advanceTimersByTime(30 * 60_000 + 10));
    await act(async () => {
      jest.advanceTimersByTime(5 * 60_000 + 10);
    });
    // the server logout fails (no fetch in jsdom) and the session ends locally: however many steps that takes
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(window.localStorage.getItem(StorageKeys.authToken)).toBeNull();
    expect(window.localStorage.getItem(StorageKeys.questionnaireFilter)).toBeNull();
    expect(screen.getByText('login page')).toBeTruthy();
  });
});
