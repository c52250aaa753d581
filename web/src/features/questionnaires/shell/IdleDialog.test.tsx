import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import { IdleDialog } from './IdleDialog';

// jsdom has no fetch Request, which the data routers need: a declarative router it is
const location = { pathname: '' };
function Probe() {
  location.pathname = useLocation().pathname;
  return null;
}

function setup(onLeave = jest.fn(), keepsDrafts = false) {
  render(
    <MemoryRouter initialEntries={['/questionnaire/a/0']}>
      <Probe />
      <Routes>
        <Route
          path="/questionnaire/a/0"
          element={
            <IdleDialog timeoutMs={60_000} dialogMs={180_000} redirectTo="/dashboard/country" onLeave={onLeave} keepsDrafts={keepsDrafts} />
          }
        />
        <Route path="/dashboard/country" element={<p>Dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { router: { state: { location } }, onLeave };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('IdleDialog', () => {
  it('asks "Are you still there?" after the idle time, counting down in minutes', async () => {
    setup();
    act(() => jest.advanceTimersByTime(59_000));
    expect(screen.queryByText('Are you still there?')).toBeNull();
    act(() => jest.advanceTimersByTime(1_000));
    // the dialog's code loads when it first opens
    expect(await screen.findByText('Are you still there?')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('3 minutes');
    act(() => jest.advanceTimersByTime(61_000));
    expect(screen.getByRole('timer').textContent).toContain('2 minutes');
  });

  it('says on a questionnaire page that what is typed is kept as a draft, not lost', async () => {
    setup(jest.fn(), true);
    act(() => jest.advanceTimersByTime(60_000));
    expect(await screen.findByText('Are you still there?')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('What you typed and did not save is kept in this browser as a draft');
    expect(screen.getByRole('timer').textContent).not.toContain('will be lost');
  });

  it('restarts the idle clock on activity', () => {
    setup();
    act(() => jest.advanceTimersByTime(50_000));
    fireEvent.keyDown(window, { key: 'a' });
    act(() => jest.advanceTimersByTime(50_000));
    expect(screen.queryByText('Are you still there?')).toBeNull();
  });

  it('stays on Yes', async () => {
    const { router, onLeave } = setup();
    act(() => jest.advanceTimersByTime(60_000));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(screen.queryByText('Are you still there?')).toBeNull();
    expect(router.state.location.pathname).toBe('/questionnaire/a/0');
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('redirects without saving on No, or when nobody answers', async () => {
    const first = setup();
    act(() => jest.advanceTimersByTime(60_000));
    const no = await screen.findByRole('button', { name: 'No' });
    await act(async () => fireEvent.click(no));
    expect(first.router.state.location.pathname).toBe('/dashboard/country');
    expect(first.onLeave).toHaveBeenCalledTimes(1);
  });

  it('redirects when the countdown runs out', async () => {
    const { router, onLeave } = setup();
    act(() => jest.advanceTimersByTime(60_000));
    await act(async () => jest.advanceTimersByTime(180_000));
    expect(router.state.location.pathname).toBe('/dashboard/country');
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});
