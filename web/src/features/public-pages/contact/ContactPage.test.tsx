import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';

import type { SessionUser } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { Toaster } from '../../../components/toast/Toaster';
import { signedIn } from '../../auth/auth-slice';

import { ContactTexts, MESSAGE_MAX_LENGTH } from './contact-messages';
import ContactPage from './ContactPage';

const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
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
  Groups: [
    { Id: 'g1', Name: 'Ireland', Type: 'Country', CountryId: 'ie' },
    { Id: 'g2', Name: 'Malta', Type: 'Country', CountryId: 'mt' },
  ],
  IsFree: false,
  Token: 't',
  RefreshToken: 'r',
  ...overrides,
});

function renderAt(path: string, session?: SessionUser) {
  window.localStorage.clear();
  const store = makeStore();
  if (session) store.dispatch(signedIn({ session, isFree: false }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/contact/:type" element={<ContactPage />} />
          <Route path="/agree" element={<p>agree page</p>} />
          <Route path="/404" element={<p>not found page</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('contact form', () => {
  it('titles the compliance form "Report Compliance Activity", shows the guidance, and prefills e-mail and group', () => {
    renderAt('/contact/compliance', user());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Report Compliance Activity');
    expect(screen.getByRole('heading', { name: 'What to include in a compliance report' })).toBeTruthy();
    expect(field('E-mail').value).toBe('vera@example.com');
    expect(field('Organization/Group').value).toBe('Ireland, Malta');
    expect(document.title).toBe('Report Compliance Activity | Compliance Index');
  });

  it('titles the other types "Comments/Inquiries"', () => {
    for (const type of ['technical', 'general', 'comments']) {
      renderAt(`/contact/${type}`);
      expect(screen.getAllByRole('heading', { level: 1 }).at(-1)!.textContent).toBe('Comments/Inquiries');
    }
  });

  it('refuses to send with an empty field and says "Please fill out all forms."', () => {
    renderAt('/contact/general', user());
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.startsWith(ContactTexts.missingFields))).toBe(true);
    expect(field('Message').getAttribute('aria-invalid')).toBe('true');
    expect(field('E-mail').getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('counts characters live and keeps the message to 500', () => {
    renderAt('/contact/general');
    fireEvent.change(field('Message'), { target: { value: 'Hello' } });
    expect(screen.getByText(`5/${MESSAGE_MAX_LENGTH} characters`)).toBeTruthy();
    fireEvent.change(field('Message'), { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH + 40) } });
    expect(field('Message').value).toHaveLength(MESSAGE_MAX_LENGTH);
    expect(screen.getByText(`${MESSAGE_MAX_LENGTH}/${MESSAGE_MAX_LENGTH} characters`)).toBeTruthy();
  });

  it('hides the compliance report from a user who must still agree, but not the other forms', () => {
    renderAt('/contact/compliance', user({ MustAgreeCTC: true }));
    expect(screen.getByText('agree page')).toBeTruthy();
    renderAt('/contact/general', user({ MustAgreeCTC: true }));
    expect(screen.getAllByRole('heading', { level: 1 }).at(-1)!.textContent).toBe('Comments/Inquiries');
  });

  it('sends unknown types to the 404 view', () => {
    renderAt('/contact/sales');
    expect(screen.getByText('not found page')).toBeTruthy();
  });
});
