import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from 'common/store';

/**
 * The providers around the routes, the same in the browser and in the build's prerender, so the
 * prerendered markup and the first render in the browser are one tree.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
