import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api-client';
import {
  authSuccess,
  clearError,
  decrementCredits,
  login,
  logout,
  refreshUser,
  register,
  selectCredits,
  selectSession,
  setCredits,
  setError,
  setLoading,
  updateUser,
} from './session';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from './session-storage';
import { createAppStore } from './store';
import { TIME_ZONE_STORAGE_KEY } from './time-zone';
import { jsonResponse, makeUser, networkFailure, storeSession, stubFetch } from 'common/testing';

function storedUser(): unknown {
  const raw = localStorage.getItem(USER_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

describe('session', () => {
  beforeEach(() => {
    localStorage.clear();
    configureApi({ baseUrl: '', onUnauthorized: () => undefined });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe('initial state', () => {
    it('starts signed out with nothing stored', () => {
      expect(selectSession(createAppStore().getState())).toEqual({
        user: null,
        token: null,
        isAuthenticated: false,
        loading: false,
        refreshLoading: false,
        error: null,
      });
    });

    it('starts signed in when both token and user are stored', () => {
      const user = makeUser({ credits: 3 });
      storeSession(user, 'stored-token');
      const session = selectSession(createAppStore().getState());
      expect(session).toMatchObject({ user, token: 'stored-token', isAuthenticated: true });
    });

    it('starts signed out, and clears storage, with only one of the two stored', () => {
      localStorage.setItem(TOKEN_STORAGE_KEY, 'lonely-token');
      expect(selectSession(createAppStore().getState()).isAuthenticated).toBe(false);
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    });

    it('clears unparseable or malformed stored data and starts signed out', () => {
      localStorage.setItem(TOKEN_STORAGE_KEY, 't');
      localStorage.setItem(USER_STORAGE_KEY, '{not json');
      expect(selectSession(createAppStore().getState()).isAuthenticated).toBe(false);
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();

      localStorage.setItem(TOKEN_STORAGE_KEY, 't');
      localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ name: 'No id' }));
      expect(selectSession(createAppStore().getState()).isAuthenticated).toBe(false);
      expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    });
  });

  describe('reducers', () => {
    it('setLoading sets loading and clears the error; setError clears loading', () => {
      const store = createAppStore();
      store.dispatch(setError('Bad'));
      store.dispatch(setLoading());
      expect(selectSession(store.getState())).toMatchObject({ loading: true, error: null });
      store.dispatch(setError('Worse'));
      expect(selectSession(store.getState())).toMatchObject({ loading: false, error: 'Worse' });
      store.dispatch(clearError());
      expect(selectSession(store.getState()).error).toBeNull();
    });

    it('authSuccess signs in and stores user and token', () => {
      const store = createAppStore();
      const user = makeUser();
      store.dispatch(setLoading());
      store.dispatch(authSuccess({ user, token: 'tok' }));
      expect(selectSession(store.getState())).toMatchObject({
        user,
        token: 'tok',
        isAuthenticated: true,
        loading: false,
        error: null,
      });
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
      expect(storedUser()).toEqual(user);
    });

    it('updateUser merges fields and persists them', () => {
      storeSession(makeUser({ name: 'Old' }));
      const store = createAppStore();
      store.dispatch(updateUser({ name: 'New', credits: 9 }));
      expect(store.getState().session.user).toMatchObject({
        name: 'New',
        credits: 9,
        email: 'ada@example.com',
      });
      expect(storedUser()).toMatchObject({ name: 'New', credits: 9 });
    });

    it('setCredits and decrementCredits (default 1, only above 0, never negative)', () => {
      storeSession(makeUser({ credits: 2 }));
      const store = createAppStore();
      store.dispatch(decrementCredits());
      expect(selectCredits(store.getState())).toBe(1);
      store.dispatch(decrementCredits(5));
      expect(selectCredits(store.getState())).toBe(0);
      store.dispatch(decrementCredits());
      expect(selectCredits(store.getState())).toBe(0);
      store.dispatch(setCredits(7));
      expect(selectCredits(store.getState())).toBe(7);
      expect(storedUser()).toMatchObject({ credits: 7 });
    });

    it('logout clears the session and storage without calling the server', () => {
      storeSession();
      const fetchMock = stubFetch(() => jsonResponse({}));
      const store = createAppStore();
      store.dispatch(logout());
      expect(selectSession(store.getState())).toMatchObject({
        user: null,
        token: null,
        isAuthenticated: false,
      });
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  describe('thunks', () => {
    it('login posts the credentials and signs in', async () => {
      const user = makeUser();
      const fetchMock = stubFetch(() => jsonResponse({ success: true, token: 'jwt', user }));
      const store = createAppStore();
      const pending = store.dispatch(login({ email: ' ada@example.com ', password: 'secret1' }));
      expect(selectSession(store.getState()).loading).toBe(true);
      await pending;
      expect(selectSession(store.getState())).toMatchObject({
        isAuthenticated: true,
        token: 'jwt',
        user,
        loading: false,
      });
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(String(url)).toBe('/api/auth/login');
      expect(JSON.parse(String(init?.body))).toEqual({
        email: 'ada@example.com',
        password: 'secret1',
      });
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt');
    });

    it("login failure stores the server's message and stays signed out", async () => {
      stubFetch(() =>
        jsonResponse(
          { success: false, code: 'UNAUTHORIZED', message: 'Invalid email or password' },
          401,
        ),
      );
      const store = createAppStore();
      const result = await store.dispatch(login({ email: 'a@b.co', password: 'nope' }));
      expect(login.rejected.match(result)).toBe(true);
      expect(selectSession(store.getState())).toMatchObject({
        isAuthenticated: false,
        loading: false,
        error: 'Invalid email or password',
      });
    });

    it('login without a server message falls back to "Login failed"', async () => {
      stubFetch(() => new Response('', { status: 500 }));
      const store = createAppStore();
      await store.dispatch(login({ email: 'a@b.co', password: 'x' }));
      expect(selectSession(store.getState()).error).toBe('Login failed');
    });

    it('register trims name and email and signs the new account in', async () => {
      const user = makeUser({ name: 'Grace' });
      const fetchMock = stubFetch(() => jsonResponse({ success: true, token: 'new', user }, 201));
      const store = createAppStore();
      await store.dispatch(
        register({ name: '  Grace ', email: ' grace@example.com ', password: 'secret1' }),
      );
      const [, init] = fetchMock.mock.calls[0] ?? [];
      expect(JSON.parse(String(init?.body))).toEqual({
        name: 'Grace',
        email: 'grace@example.com',
        password: 'secret1',
      });
      expect(selectSession(store.getState()).isAuthenticated).toBe(true);
    });

    it('login and register remember the reader’s time zone for the dashboard', async () => {
      const user = makeUser();
      stubFetch(() => jsonResponse({ success: true, token: 'jwt', user }));
      const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const store = createAppStore();
      await store.dispatch(login({ email: 'ada@example.com', password: 'secret1' }));
      expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe(browserZone);
      localStorage.clear();
      await store.dispatch(
        register({ name: 'Ada', email: 'ada@example.com', password: 'secret1' }),
      );
      expect(localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe(browserZone);
    });

    it('register failure falls back to "Registration failed"', async () => {
      stubFetch(() => {
        throw networkFailure('Failed to fetch');
      });
      const store = createAppStore();
      await store.dispatch(register({ name: 'Al', email: 'al@example.com', password: 'secret1' }));
      expect(selectSession(store.getState()).error).toBe('Network error: Failed to fetch');
    });

    it('refreshUser replaces the user, flagging refreshLoading meanwhile', async () => {
      storeSession(makeUser({ credits: 1 }));
      stubFetch(() => jsonResponse({ success: true, data: makeUser({ credits: 12 }) }));
      const store = createAppStore();
      const pending = store.dispatch(refreshUser());
      expect(selectSession(store.getState()).refreshLoading).toBe(true);
      await pending;
      expect(selectSession(store.getState()).refreshLoading).toBe(false);
      expect(selectCredits(store.getState())).toBe(12);
      expect(storedUser()).toMatchObject({ credits: 12 });
    });

    it('refreshUser failure is only logged', async () => {
      storeSession(makeUser({ credits: 4 }));
      stubFetch(() => jsonResponse({ success: false, code: 'INTERNAL', message: 'Down' }, 500));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const store = createAppStore();
      await store.dispatch(refreshUser());
      expect(warn).toHaveBeenCalledWith('Failed to refresh user data', 'Down');
      expect(selectSession(store.getState())).toMatchObject({
        refreshLoading: false,
        error: null,
        isAuthenticated: true,
      });
      expect(selectCredits(store.getState())).toBe(4);
    });

    it('refreshUser does nothing when signed out or already refreshing', async () => {
      const fetchMock = stubFetch(() => jsonResponse({ success: true, data: makeUser() }));
      await createAppStore().dispatch(refreshUser());
      expect(fetchMock).not.toHaveBeenCalled();

      storeSession();
      const store = createAppStore();
      const first = store.dispatch(refreshUser());
      const second = store.dispatch(refreshUser());
      await Promise.all([first, second]);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('a refresh that lands after logout does not sign the person back in', async () => {
      storeSession();
      let answer: (response: Response) => void = () => undefined;
      stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
      const store = createAppStore();
      const pending = store.dispatch(refreshUser());
      store.dispatch(logout());
      answer(jsonResponse({ success: true, data: makeUser() }));
      await pending;
      expect(selectSession(store.getState())).toMatchObject({ user: null, isAuthenticated: false });
      expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    });
  });
});
