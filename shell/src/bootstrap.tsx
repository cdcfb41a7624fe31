import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'common/router';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { configureApi } from 'common/api-client';
import { createAppStore } from 'common/store';
import { logout } from 'common/session';
import 'common/styles.css';
import { AppRoutes } from './app/router';
import { remoteErrorPlugin } from './app/remote-error-plugin';

const store = createAppStore();

configureApi({
  baseUrl: process.env.API_URL ?? '',
  // Clearing the session is enough: the route guards send a signed-out visitor to /login.
  onUnauthorized: () => store.dispatch(logout()),
});
registerPlugins([remoteErrorPlugin()]);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
