import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';

import { AppRouter } from './app/router';
import { preloadPageOf } from './app/routes';
import { makeStore } from './app/store';
import './styles/tokens.css';
import './styles/app.css';

const store = makeStore();
preloadPageOf(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AppRouter />
    </Provider>
  </StrictMode>,
);
