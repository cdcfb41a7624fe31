import { createSlice } from '@reduxjs/toolkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore, rootReducer } from './store';

describe('store', () => {
  beforeEach(() => localStorage.clear());

  it('holds the session and accepts a remote slice injected later', () => {
    const store = createAppStore();
    expect(store.getState().session.isAuthenticated).toBe(false);

    const notesSlice = createSlice({
      name: 'storeTestNotes',
      initialState: { count: 0 },
      reducers: { added: (state) => void (state.count += 1) },
    });
    const injected = rootReducer.inject(notesSlice);
    store.dispatch(notesSlice.actions.added());
    const selectNotes = injected.selector((state) => state.storeTestNotes);
    expect(selectNotes(store.getState())).toEqual({ count: 1 });
  });

  it('takes a preloaded state', () => {
    const store = createAppStore({
      session: {
        user: null,
        token: null,
        isAuthenticated: false,
        loading: true,
        refreshLoading: false,
        error: 'Preloaded',
      },
    });
    expect(store.getState().session).toMatchObject({ loading: true, error: 'Preloaded' });
  });
});
