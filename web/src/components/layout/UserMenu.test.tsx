import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import type { SessionUser } from '@cti/contracts';

import { makeStore } from '../../app/store';
import { agreed, signedIn } from '../../features/auth/auth-slice';
import { renderInApp } from '../../test-support/in-app';

import { UserMenu } from './UserMenu';

function renderMenu(user: Partial<SessionUser> = {}) {
  window.localStorage.clear();
  const store = makeStore();
  store.dispatch(
    signedIn({
      session: {
        Id: 'u1',
        Username: 'vera@example.com',
        Name: 'Vera Viewer',
        FirstName: 'Vera',
        LastName: 'Viewer',
        Roles: [8],
        IsGroupManager: false,
        MustAgreeCTC: false,
        IsACID: false,
        IsAdmin: false,
        Groups: [],
        IsFree: false,
        Token: 't',
        RefreshToken: 'r',
        ...user,
      },
      isFree: false,
    }),
  );
  renderInApp(store, <UserMenu />);
  return store;
}

describe('user menu keyboard use', () => {
  it('opens with ArrowDown on the first item, moves with arrows, Home and End, and Escape returns to the button', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: /Vera Viewer/ });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    expect(items.at(-1)!.textContent).toBe('Logout');
    expect(document.activeElement).toBe(items[0]);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items.at(-1));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(items.at(-1));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('user menu behind the terms gate', () => {
  const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => ({ ok: true, json: async () => [] }));
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    fetchMock.mockClear();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const purchaseLookUps = () => fetchMock.mock.calls.filter(([url]) => url === '/api/purchase');

  it('asks for the purchase history only once the user has agreed: every service refuses their token until then', async () => {
    // an address of its own: the history is asked for once per user and page load
    const store = renderMenu({ Username: 'nora.new@example.com', MustAgreeCTC: true });
    // the menu's entries ask whether the user bought something too
    fireEvent.click(screen.getByRole('button', { name: /Vera Viewer/ }));
    await screen.findByRole('menuitem', { name: 'Logout' });
    expect(purchaseLookUps()).toEqual([]);

    act(() => {
      store.dispatch(agreed());
    });
    await waitFor(() => expect(purchaseLookUps()).toHaveLength(1));
  });
});
