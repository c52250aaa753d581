import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';

import { leaveThroughGuard } from '../../../lib/leave-guard';
import { adminStore } from '../../../test-support/sessions';

import { LeaveGuardProvider, useLeaveGuard, type PageEdits } from './leave-guard';

// Every way of leaving a page with unsaved work goes through one guard: a link, Back/Forward
// (popstate, also a phone's back gesture), Logout from the user menu, and the idle time-out
// (which keeps the drafts without asking). The dialog names what is unsaved; leaving keeps
// it as a draft unless the person discards it.

const edits = {
  unsaved: ['3. How many days does repossession take?'],
  save: jest.fn(async (): Promise<boolean> => true),
  keep: jest.fn(async () => undefined),
  discard: jest.fn(async () => undefined),
} satisfies PageEdits;

let path = '';
function Where() {
  path = useLocation().pathname;
  return null;
}

function Editing({ dirty }: { dirty: boolean }) {
  const { report } = useLeaveGuard();
  useEffect(() => report('section', dirty ? edits : null), [report, dirty]);
  return (
    <>
      <p>Repossession</p>
      <Link to="/questionnaire/e/7">Next section</Link>
    </>
  );
}

function setup(dirty = true) {
  window.history.replaceState(null, '', '/questionnaire/e/5');
  render(
    <Provider store={adminStore()}>
      <BrowserRouter>
        <Where />
        <Routes>
          <Route path="/questionnaire/e/5" element={<p>Previous section</p>} />
          <Route
            path="/questionnaire/e/6"
            element={
              <LeaveGuardProvider>
                <Editing dirty={dirty} />
              </LeaveGuardProvider>
            }
          />
          <Route path="/questionnaire/e/7" element={<p>Next section</p>} />
        </Routes>
      </BrowserRouter>
    </Provider>,
  );
  act(() => {
    window.history.pushState({ usr: null, key: 'e6', idx: 1 }, '', '/questionnaire/e/6');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
}

/** Back, as the browser does it: the history moves, then popstate. */
const back = () =>
  act(
    async () =>
      new Promise<void>((resolve) => {
        window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true });
        window.history.back();
      }),
  );

beforeEach(() => jest.clearAllMocks());

describe('the leave guard', () => {
  it('asks on Back, naming what is unsaved, and stays on the page', async () => {
    setup();
    await waitFor(() => expect(path).toBe('/questionnaire/e/6'));
    await back();
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog.textContent).toContain('3. How many days does repossession take?');
    expect(path).toBe('/questionnaire/e/6');
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(path).toBe('/questionnaire/e/6');

    // Back again, keeping the draft: the page goes where Back pointed
    await back();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep as draft and leave' }));
    await waitFor(() => expect(path).toBe('/questionnaire/e/5'));
    expect(edits.keep).toHaveBeenCalled();
    expect(edits.discard).not.toHaveBeenCalled();
  });

  it('goes back at once when nothing is unsaved', async () => {
    setup(false);
    await waitFor(() => expect(path).toBe('/questionnaire/e/6'));
    await back();
    await waitFor(() => expect(path).toBe('/questionnaire/e/5'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before a link leaves, and discards only when the person chose to', async () => {
    setup();
    fireEvent.click(screen.getByRole('link', { name: 'Next section' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(path).toBe('/questionnaire/e/7'));
    expect(edits.discard).toHaveBeenCalledTimes(1);
  });

  it('puts Logout from the user menu through the same dialog; "Save and leave" saves first', async () => {
    setup();
    const logout = jest.fn();
    act(() => leaveThroughGuard(logout, 'logout'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save and leave' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(edits.save).toHaveBeenCalledTimes(1);
  });

  it('stays when the save is refused (the page says why)', async () => {
    setup();
    edits.save.mockResolvedValueOnce(false);
    const logout = jest.fn();
    act(() => leaveThroughGuard(logout, 'logout'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save and leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(logout).not.toHaveBeenCalled();
  });

  it('idling out keeps the drafts and leaves without asking', async () => {
    setup();
    const leave = jest.fn();
    act(() => leaveThroughGuard(leave, 'idle'));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(edits.keep).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
