import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { configureApi } from 'common/api-client';
import { createAppStore } from 'common/store';
import { logout } from 'common/session';
import 'common/styles.css';
import { createAppRouter } from './app/router';
import { remoteErrorPlugin } from './app/remote-error-plugin';

const store = createAppStore();
const router = createAppRouter();

configureApi({
  baseUrl: process.env.API_URL ?? '',
  onUnauthorized: () => {
    store.dispatch(logout());
    if (window.location.pathname !== '/login') {
      void router.navigate('/login', { replace: true });
    }
  },
});
registerPlugins([remoteErrorPlugin()]);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
