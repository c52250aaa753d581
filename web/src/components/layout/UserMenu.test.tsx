import { fireEvent, screen } from '@testing-library/react';

import { makeStore } from '../../app/store';
import { signedIn } from '../../features/auth/auth-slice';
import { renderInApp } from '../../test-support/in-app';

import { UserMenu } from './UserMenu';

function renderMenu() {
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
      },
      isFree: false,
    }),
  );
  renderInApp(store, <UserMenu />);
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
