import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import type { AppStore } from '../app/store';

/** Renders `ui` as the app holds it: inside the store's provider and a router. */
export const renderInApp = (store: AppStore, ui: ReactElement) =>
  render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
