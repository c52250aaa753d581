import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';

import { UnlockAnswers } from '@cti/contracts';

import { makeStore } from '../../app/store';
import { gateway } from '../../test-support/played-gateway';

import UnlockSignInPage from './UnlockSignInPage';

type PlayedGateway = typeof import('../../test-support/played-gateway');
jest.mock('../../app/base-query', () => jest.requireActual<PlayedGateway>('../../test-support/played-gateway').playedBaseQuery());

function renderPage() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={['/unlockSignIn/the-code']}>
        <Routes>
          <Route path="/unlockSignIn/:code" element={<UnlockSignInPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => gateway.mockReset());

it('unlocks only when the button is pressed (mail scanners open links), with the link’s code, and says so', async () => {
  gateway.mockResolvedValue({ data: { message: UnlockAnswers.unlocked } });
  renderPage();
  expect(gateway).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Unlock sign-in' }));
  expect((await screen.findByRole('status')).textContent).toBe(UnlockAnswers.unlocked);
  expect(gateway.mock.calls.map(([args]) => [args.url, args.body])).toEqual([['api/user/unlockSignIn', { Code: 'the-code' }]]);
});

it('shows the server’s refusal of a used or expired link', async () => {
  gateway.mockResolvedValue({ error: { status: 400, data: { message: UnlockAnswers.invalidLink } } });
  renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Unlock sign-in' }));
  expect((await screen.findByRole('alert')).textContent).toBe(UnlockAnswers.invalidLink);
});
