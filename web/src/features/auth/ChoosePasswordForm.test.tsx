import { fireEvent, screen, waitFor } from '@testing-library/react';

import { FreeAccessAnswers } from '@cti/contracts';

import { makeStore } from '../../app/store';
import { selectToasts } from '../../components/toast/toast-slice';
import { renderInApp } from '../../test-support/in-app';
import { gateway } from '../../test-support/played-gateway';
import { adminSession } from '../../test-support/sessions';

import { PasswordMessages } from './account-messages';
import { selectIsFree, selectToken, signedIn } from './auth-slice';
import { ChoosePasswordForm, ChoosePasswordMessages } from './ChoosePasswordForm';

jest.mock('../../app/base-query', () =>
  jest.requireActual<typeof import('../../test-support/played-gateway')>('../../test-support/played-gateway').playedBaseQuery(),
);

const freeBuyer = { ...adminSession, Id: 'f1', Username: 'bo@example.org', Name: 'Bo Buyer', IsAdmin: false, IsFree: true };

function renderFor(isFree: boolean) {
  window.localStorage.clear();
  const store = makeStore();
  store.dispatch(signedIn({ session: isFree ? freeBuyer : adminSession, isFree }));
  renderInApp(store, <ChoosePasswordForm />);
  return store;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const texts = (store: ReturnType<typeof makeStore>) => selectToasts(store.getState()).map((t) => t.text);

beforeEach(() => gateway.mockReset());

describe('a free buyer chooses a password', () => {
  it('posts it once, and from then on the session is the credentialed one the server answers', async () => {
    gateway.mockResolvedValue({ data: { ...freeBuyer, IsFree: false, Token: 't2', RefreshToken: 'r2' } });
    const store = renderFor(true);
    type('New password', 'a-long-enough-password');
    type('Confirm new password', 'a-long-enough-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(selectIsFree(store.getState())).toBe(false));
    expect(gateway).toHaveBeenCalledTimes(1);
    expect(gateway.mock.calls[0][0]).toMatchObject({
      url: 'api/freeUser/password',
      method: 'POST',
      body: { NewPassword: 'a-long-enough-password' },
    });
    expect(selectToken(store.getState())).toBe('t2');
    expect(texts(store)).toContain(ChoosePasswordMessages.done);
  });

  it('sends nothing when the passwords differ or are too short', () => {
    const store = renderFor(true);
    type('New password', 'a-long-enough-password');
    type('Confirm new password', 'another-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    type('New password', 'abc');
    type('Confirm new password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(gateway).not.toHaveBeenCalled();
    expect(texts(store)).toEqual([PasswordMessages.mismatch, PasswordMessages.tooShort]);
    expect(selectIsFree(store.getState())).toBe(true);
  });

  it('says so when the account already has a password, and stays signed in as before', async () => {
    gateway.mockResolvedValue({ error: { status: 403, data: { message: FreeAccessAnswers.passwordAlreadySet } } });
    const store = renderFor(true);
    type('New password', 'a-long-enough-password');
    type('Confirm new password', 'a-long-enough-password');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(texts(store)).toEqual([FreeAccessAnswers.passwordAlreadySet]));
    expect(selectToken(store.getState())).toBe('t');
  });

  it('is not offered to a credentialed user', () => {
    renderFor(false);
    expect(screen.queryByRole('region', { name: 'Choose a password' })).toBeNull();
  });
});
