import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';

import { Modal } from './Modal';

function Editor() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      {/* a new onClose on every render, as most callers write it */}
      <Modal open={open} title="Edit user" onClose={() => setOpen(false)} footer={<button type="button">Save</button>}>
        <label htmlFor="n">Name</label>
        <input id="n" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor="m">Mail</label>
        <input id="m" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('focuses the first field, keeps focus while the opener re-renders, wraps Tab, closes on Escape and returns focus', () => {
    render(<Editor />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    opener.focus();
    fireEvent.click(opener);
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);

    screen.getByLabelText('Mail').focus();
    fireEvent.change(name, { target: { value: 'Ada' } });
    expect(document.activeElement).toBe(screen.getByLabelText('Mail'));

    screen.getByRole('button', { name: 'Save' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
