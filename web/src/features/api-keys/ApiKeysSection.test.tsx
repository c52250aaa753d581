import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';

import { RoleIds, type Principal } from '@cti/access';
import type { ApiKeyView, SessionUser } from '@cti/contracts';

import { makeStore } from '../../app/store';
import { Modal } from '../../components/modal/Modal';
import { gateway } from '../../test-support/played-gateway';
import { adminStore } from '../../test-support/sessions';
import { signedIn } from '../auth/auth-slice';

import { apiKeysApi } from './api-keys-api';
import { ApiKeysSection } from './ApiKeysSection';
import { revokeQuestion } from './ApiKeyTable';
import { UserApiKeys } from './UserApiKeys';

type PlayedGateway = typeof import('../../test-support/played-gateway');
jest.mock('../../app/base-query', () => jest.requireActual<PlayedGateway>('../../test-support/played-gateway').playedBaseQuery());

const principal = (roles: number[], free = false): Principal => ({
  roles,
  groups: [],
  isAdmin: false,
  isGroupManager: false,
  isAcid: false,
  email: 'u@example.com',
  free,
});
const session: SessionUser = {
  Id: 'u1',
  Username: 'u@example.com',
  Name: 'U',
  FirstName: 'U',
  LastName: 'U',
  Roles: [RoleIds.Standard],
  IsGroupManager: false,
  MustAgreeCTC: false,
  IsACID: false,
  IsAdmin: false,
  Groups: [],
  IsFree: false,
  Token: 't',
  RefreshToken: 'r',
};
const key = (over: Partial<ApiKeyView>): ApiKeyView => ({
  Id: 'k1',
  Name: 'Pricing model',
  Prefix: 'cti_abcd1234',
  CreatedAt: '2026-01-02T10:00:00.000Z',
  ExpiresOn: null,
  LastUsedOn: null,
  RevokedAt: null,
  ...over,
});

beforeEach(() => {
  gateway.mockReset();
  gateway.mockResolvedValue({ data: [] });
  localStorage.clear();
  sessionStorage.clear();
});

async function renderFor(p: Principal, keys: ApiKeyView[] = []) {
  const store = makeStore();
  store.dispatch(signedIn({ session, isFree: p.free }));
  await store.dispatch(apiKeysApi.util.upsertQueryData('myApiKeys', undefined, keys));
  render(
    <Provider store={store}>
      <ApiKeysSection principal={p} />
    </Provider>,
  );
}

describe('API keys on My account', () => {
  it('is not shown to users who may not hold keys (a country viewer, a free user)', async () => {
    await renderFor(principal([RoleIds.CountryViewer]));
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
    await renderFor(principal([RoleIds.FreeAccess], true));
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
  });

  it('lists a subscriber’s keys by prefix, with Revoke on active keys only', async () => {
    await renderFor(principal([RoleIds.Standard]), [
      key({}),
      key({ Id: 'k2', Name: 'Old feed', RevokedAt: '2026-01-03T10:00:00.000Z' }),
      key({ Id: 'k3', Name: 'Lapsed', ExpiresOn: '2020-01-01' }),
    ]);
    const table = screen.getByRole('table', { name: 'API key list' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[5]!.textContent)).toEqual([
      'Active',
      expect.stringMatching(/^Revoked/),
      expect.stringMatching(/^Expired/),
    ]);
    expect(within(rows[0]!).getByText('cti_abcd1234…')).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Revoke Pricing model']);
  });

  it('links the API reference and offers the event contract', async () => {
    await renderFor(principal([RoleIds.Enhanced]));
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/v1/docs');
    expect(screen.getByRole('button', { name: 'Event contract (AsyncAPI)' })).toBeTruthy();
  });

  it('asks before revoking in the page’s own dialog, not the browser’s, and revokes only on yes', async () => {
    const confirm = jest.spyOn(window, 'confirm');
    await renderFor(principal([RoleIds.Standard]), [key({})]);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Pricing model' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke API key' });
    expect(dialog.textContent).toContain(revokeQuestion('Pricing model'));
    expect(confirm).not.toHaveBeenCalled();
    // No: nothing is sent and the dialog closes
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(gateway.mock.calls.filter(([args]) => args.method === 'DELETE' || /revoke/i.test(args.url))).toEqual([]);
    // Yes: the key is revoked
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Pricing model' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Revoke API key' })).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(gateway.mock.calls.some(([args]) => args.method === 'DELETE' && args.url === 'api/user/apiKeys/k1')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    confirm.mockRestore();
  });
});

describe('API keys in the admin’s user modal', () => {
  it('asks the same question before revoking a user’s key; Escape closes only the question', async () => {
    const confirm = jest.spyOn(window, 'confirm');
    const onClose = jest.fn();
    const store = adminStore();
    await store.dispatch(apiKeysApi.util.upsertQueryData('apiKeysOfUser', 'u7', [key({ Id: 'k7', Name: 'Lender feed' })]));
    render(
      <Provider store={store}>
        <Modal open title="Edit user" onClose={onClose}>
          <UserApiKeys userId="u7" />
        </Modal>
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Lender feed' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke API key' });
    expect(dialog.textContent).toContain(revokeQuestion('Lender feed'));
    expect(confirm).not.toHaveBeenCalled();
    expect(gateway.mock.calls.filter(([args]) => args.method === 'DELETE')).toEqual([]);
    // Escape answers the question, not the user modal under it
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Revoke API key' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Yes: the key is revoked
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Lender feed' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Revoke API key' })).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() =>
      expect(gateway.mock.calls.some(([args]) => args.method === 'DELETE' && args.url === 'api/user/apiKeys/k7')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke API key' })).toBeNull());
    confirm.mockRestore();
  });
});
