import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { persistSession, sessionSlice } from 'common/session';

/**
 * Slices a remote injects when it loads. A remote declares its own:
 * `declare module 'common/store' { interface LazyLoadedSlices { summaries: SummariesState } }`
 * then `rootReducer.inject(summariesSlice)`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface LazyLoadedSlices {}

/** The one root reducer: the session now, remotes' slices when they arrive. */
export const rootReducer = combineSlices(sessionSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** The shell creates exactly one store; a remote's dev harness creates its own. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({ reducer: rootReducer, preloadedState });
  persistSession(store);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
