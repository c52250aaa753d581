import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

import { PrivacyPolicyLink } from './PrivacyPolicyModal';

describe('Privacy Policy modal', () => {
  it('opens the policy dated 15 September 2025 in a dialog, closes on Escape and returns focus', async () => {
    render(
      <MemoryRouter>
        <p>
          I accept the <PrivacyPolicyLink />.
        </p>
      </MemoryRouter>,
    );
    const opener = screen.getByRole('button', { name: 'Privacy Policy' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Privacy Policy' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect((await screen.findByText('15 September 2025')).closest('time')?.getAttribute('datetime')).toBe('2025-09-15');
    // sections sit under the dialog's h2 title
    expect(screen.getByRole('heading', { level: 3, name: 'What we collect' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
