import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import type { SessionUser } from '@cti/contracts';

import { signedIn } from '../features/auth/auth-slice';

import { appConfigApi } from './app-config';
import { broadcastSignOn, isTrustedOrigin, parseSignOnMessage } from './cross-frame';
import { SessionFeatures } from './session-features';
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
const { Token, RefreshToken, ...user } = session;

describe('sign-on messages', () => {
  it('parses LOGIN with user and tokens, and LOGOUT', () => {
    expect(parseSignOnMessage({ ACTION: 'LOGIN', user, authToken: 'a', refreshToken: 'b' })).toMatchObject({
      ACTION: 'LOGIN',
      authToken: 'a',
      refreshToken: 'b',
    });
    expect(parseSignOnMessage({ ACTION: 'LOGOUT' })).toEqual({ ACTION: 'LOGOUT' });
    expect(parseSignOnMessage({ ACTION: 'LOGIN', user: {}, authToken: 'a' })).toBeNull();
    expect(parseSignOnMessage('hello')).toBeNull();
  });

  it('trusts this site and the configured origins only', () => {
    expect(isTrustedOrigin('https://calc.example', ['https://calc.example/'], 'https://cti.example')).toBe(true);
    expect(isTrustedOrigin('https://cti.example', [], 'https://cti.example')).toBe(true);
    expect(isTrustedOrigin('https://evil.example', ['https://calc.example'], 'https://cti.example')).toBe(false);
  });

  it('posts to the parent once per trusted origin, naming the origin', () => {
    const posted: Array<[unknown, string]> = [];
    const parent = { postMessage: (m: unknown, o: string) => posted.push([m, o]) };
    const win = { parent, document: { querySelectorAll: () => [] } } as unknown as Window;
    broadcastSignOn({ ACTION: 'LOGOUT' }, ['https://a.example', 'https://b.example'], win);
    expect(posted).toEqual([
      [{ ACTION: 'LOGOUT' }, 'https://a.example'],
      [{ ACTION: 'LOGOUT' }, 'https://b.example'],
    ]);
  });
});

describe('cross-frame sign-on in the app', () => {
  async function setup() {
    window.localStorage.clear();
    const store = makeStore();
    await store.dispatch(
      appConfigApi.util.upsertQueryData('appConfig', undefined, {
        demo: false,
        vendorEmailDomain: 'x',
        trustedOrigins: ['https://calc.example'],
        environment: 'test',
      }),
    );
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/index']}>
          <SessionFeatures />
        </MemoryRouter>
      </Provider>,
    );
    return store;
  }
  const post = (data: unknown, origin: string) => act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin })));

  it('signs in on LOGIN and out on LOGOUT from a trusted origin', async () => {
    const store = await setup();
    post({ ACTION: 'LOGIN', user, authToken: 'from-calc', refreshToken: 'r-calc' }, 'https://calc.example');
    expect(store.getState().auth.user?.Username).toBe('u@example.com');
    expect(store.getState().auth.token).toBe('from-calc');
    post({ ACTION: 'LOGOUT' }, 'https://calc.example');
    expect(store.getState().auth.user).toBeNull();
  });

  it('ignores and logs messages from unknown origins', async () => {
    const store = await setup();
    store.dispatch(signedIn({ session, isFree: false }));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    post({ ACTION: 'LOGOUT' }, 'https://evil.example');
    expect(store.getState().auth.user).not.toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('https://evil.example'));
    error.mockRestore();
  });
});
