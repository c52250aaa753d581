import { render as renderDom, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import { signedIn } from '../features/auth/auth-slice';
import { gateway } from '../test-support/played-gateway';
import { adminSession } from '../test-support/sessions';

import { Guarded } from './Guarded';
import { appRoutes } from './routes';
import { makeStore } from './store';

jest.mock('./base-query', () =>
  jest.requireActual<typeof import('../test-support/played-gateway')>('../test-support/played-gateway').playedBaseQuery(),
);

const productsRoute = appRoutes.find((r) => r.path === '/admin/products')!;

function Restricted() {
  const state = useLocation().state as { title?: string } | null;
  return <p>restricted: {state?.title}</p>;
}

function openProductsAs(email: string) {
  const store = makeStore();
  store.dispatch(signedIn({ session: { ...adminSession, Username: email }, isFree: false }));
  gateway.mockImplementation(async (args) =>
    args.url === 'app-config.json'
      ? { data: { demo: false, vendorEmailDomain: 'vendor.example', trustedOrigins: [], environment: 'test' } }
      : { data: [] },
  );
  return render(store);
}

const render = (store: ReturnType<typeof makeStore>) =>
  renderDom(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin/products']}>
        <Routes>
          <Route path="/admin/products" element={<Guarded route={productsRoute} />} />
          <Route path="/restricted" element={<Restricted />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );

describe('/admin/products is guarded by the Manage Products rule', () => {
  afterEach(() => gateway.mockReset());

  it('sends an admin outside the vendor’s e-mail domain to the restricted page', async () => {
    openProductsAs('ops@partner.example');
    expect(await screen.findByText('restricted: Products')).toBeTruthy();
  });

  it('opens the products admin for an admin of the vendor’s domain', async () => {
    openProductsAs('ops@vendor.example');
    expect(await screen.findByRole('heading', { name: 'Products' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(/restricted/)).toBeNull();
  });

  it('lets nobody in while the deployment’s settings cannot be read', async () => {
    const store = makeStore();
    store.dispatch(signedIn({ session: { ...adminSession, Username: 'ops@vendor.example' }, isFree: false }));
    gateway.mockImplementation(async () => ({ error: { status: 503, data: null } }));
    render(store);
    expect(await screen.findByText('restricted: Products')).toBeTruthy();
  });
});
