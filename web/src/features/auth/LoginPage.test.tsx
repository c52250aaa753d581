import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';

import { makeStore } from '../../app/store';
import { gateway } from '../../test-support/played-gateway';

import { FreeAccessMessages } from './account-messages';
import { LoginMessages } from './login-messages';
import LoginPage from './LoginPage';

type PlayedGateway = typeof import('../../test-support/played-gateway');
jest.mock('../../app/base-query', () => jest.requireActual<PlayedGateway>('../../test-support/played-gateway').playedBaseQuery());

function renderLogin() {
  window.localStorage.clear();
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const signIn = () => screen.getByRole('region', { name: 'Sign in' });
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

beforeEach(() => {
  gateway.mockReset();
  gateway.mockResolvedValue({ data: {} });
});

describe('empty sign-in fields are marked where they are', () => {
  it('marks both empty fields, says what each needs under it, focuses the first, and sends nothing', () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const email = field('E-mail');
    const password = field('Password');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(LoginMessages.emailRequired);
    expect(document.getElementById(password.getAttribute('aria-describedby')!)!.textContent).toBe(LoginMessages.passwordRequired);
    expect(document.activeElement).toBe(email);
    expect(gateway).not.toHaveBeenCalledWith(expect.objectContaining({ url: 'api/user/login' }));
  });

  it('marks only the field left empty, and clears the mark once it is filled', () => {
    renderLogin();
    fireEvent.change(field('E-mail'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(field('E-mail').getAttribute('aria-invalid')).toBeNull();
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Password'));
    fireEvent.change(field('Password'), { target: { value: 'x' } });
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();
    expect(signIn().textContent).not.toContain(LoginMessages.passwordRequired);
  });

  it('marks the empty free-access fields when Enter is pressed in the form', () => {
    renderLogin();
    const form = screen.getByRole('region', { name: 'Free access' });
    const company = screen.getByLabelText('Company');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Lana' } });
    fireEvent.keyDown(company, { key: 'Enter' });
    expect(company.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(form.textContent).toContain(FreeAccessMessages.companyRequired);
    expect(form.textContent).toContain(FreeAccessMessages.emailRequired);
  });
});
