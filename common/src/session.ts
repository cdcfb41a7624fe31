import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { FALLBACK_MESSAGES, api, request, toApiErrorInfo } from 'common/api-client';
import type { ApiErrorInfo } from 'common/api-client';
import { clearStoredSession, readStoredSession, writeStoredSession } from 'common/session-storage';
import { rememberTimeZone } from 'common/time-zone';
import type { User } from 'common/user';

/** The Auth state of SPEC.md §4. */
export interface SessionState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  /** A login or registration is in flight. */
  loading: boolean;
  /** A refresh of the user's data (credits) is in flight. */
  refreshLoading: boolean;
  /** The last login or registration failure, ready to show. */
  error: string | null;
}

export interface AuthPayload {
  user: User;
  token: string;
}

/** Signed in only when both a token and a user are stored; bad stored data starts signed out. */
function initialSessionState(): SessionState {
  const stored = readStoredSession();
  return {
    user: stored?.user ?? null,
    token: stored?.token ?? null,
    isAuthenticated: stored !== null,
    loading: false,
    refreshLoading: false,
    error: null,
  };
}

function applyAuthSuccess(state: SessionState, { user, token }: AuthPayload): void {
  state.user = user;
  state.token = token;
  state.isAuthenticated = true;
  state.loading = false;
  state.error = null;
}

function startAuthRequest(state: SessionState): void {
  state.loading = true;
  state.error = null;
}

function applyError(state: SessionState, message: string): void {
  state.error = message;
  state.loading = false;
}

type SessionThunkConfig = { state: { session: SessionState }; rejectValue: ApiErrorInfo };

export interface LoginCredentials {
  email: string;
  password: string;
}

export interface Registration {
  name: string;
  email: string;
  password: string;
}

/** POST /api/auth/login; on success the session holds the user and token (and so does storage). */
export const login = createAsyncThunk<AuthPayload, LoginCredentials, SessionThunkConfig>(
  'session/login',
  async ({ email, password }, { rejectWithValue }) => {
    try {
      const answer = request(
        () => api.auth.login.$post({ json: { email: email.trim(), password } }),
        FALLBACK_MESSAGES.login,
      );
      rememberTimeZone();
      const body = await answer;
      return { user: body.user, token: body.token };
    } catch (error) {
      return rejectWithValue(toApiErrorInfo(error, FALLBACK_MESSAGES.login));
    }
  },
);

/** POST /api/auth/register with the name and email trimmed; signs the new account in. */
export const register = createAsyncThunk<AuthPayload, Registration, SessionThunkConfig>(
  'session/register',
  async ({ name, email, password }, { rejectWithValue }) => {
    try {
      const answer = request(
        () =>
          api.auth.register.$post({ json: { name: name.trim(), email: email.trim(), password } }),
        FALLBACK_MESSAGES.register,
      );
      rememberTimeZone();
      const body = await answer;
      return { user: body.user, token: body.token };
    } catch (error) {
      return rejectWithValue(toApiErrorInfo(error, FALLBACK_MESSAGES.register));
    }
  },
);

/**
 * GET /api/auth/me to bring the user's data (credits, role) up to date. A failure is only logged
 * (SPEC.md §8); a 401 ends the session through the API client. Skipped when signed out or when a
 * refresh is already in flight.
 */
export const refreshUser = createAsyncThunk<User, void, SessionThunkConfig>(
  'session/refreshUser',
  async (_, { rejectWithValue }) => {
    try {
      const body = await request(() => api.auth.me.$get(), FALLBACK_MESSAGES.refreshUser);
      return body.data;
    } catch (error) {
      const info = toApiErrorInfo(error, FALLBACK_MESSAGES.refreshUser);
      console.warn(FALLBACK_MESSAGES.refreshUser, info.message);
      return rejectWithValue(info);
    }
  },
  {
    condition: (_, { getState }) => {
      const { token, refreshLoading } = getState().session;
      return token !== null && !refreshLoading;
    },
  },
);

/** GET /api/auth/me for a caller that wants the profile itself; the session's user is replaced. */
export const fetchProfile = createAsyncThunk<User, void, SessionThunkConfig>(
  'session/fetchProfile',
  async (_, { rejectWithValue }) => {
    try {
      const body = await request(() => api.auth.me.$get(), FALLBACK_MESSAGES.loadProfile);
      return body.data;
    } catch (error) {
      return rejectWithValue(toApiErrorInfo(error, FALLBACK_MESSAGES.loadProfile));
    }
  },
);

/** A profile answer applies only to the person still signed in. */
function replaceUser(state: SessionState, user: User): void {
  if (!state.isAuthenticated || (state.user && state.user.id !== user.id)) return;
  state.user = user;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A request began: loading, and the previous error is gone. */
    setLoading(state, action: PayloadAction<boolean | undefined>) {
      state.loading = action.payload ?? true;
      state.error = null;
    },
    authSuccess(state, action: PayloadAction<AuthPayload>) {
      applyAuthSuccess(state, action.payload);
    },
    setError(state, action: PayloadAction<string>) {
      applyError(state, action.payload);
    },
    /** Merges fields into the signed-in user. */
    updateUser(state, action: PayloadAction<Partial<User>>) {
      if (state.user) Object.assign(state.user, action.payload);
    },
    setCredits(state, action: PayloadAction<number>) {
      if (state.user) state.user.credits = action.payload;
    },
    /** Takes `amount` credits (default 1), only while the balance is above 0, never below 0. */
    decrementCredits: {
      reducer(state, action: PayloadAction<number>) {
        if (state.user && state.user.credits > 0) {
          state.user.credits = Math.max(0, state.user.credits - action.payload);
        }
      },
      prepare(amount: number = 1) {
        return { payload: amount };
      },
    },
    /** Local only: no server call (SPEC.md §7). Storage is cleared by the store's persistence. */
    logout(state) {
      state.user = null;
      state.token = null;
      state.isAuthenticated = false;
      state.loading = false;
      state.refreshLoading = false;
      state.error = null;
    },
    clearError(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, startAuthRequest)
      .addCase(login.fulfilled, (state, action) => applyAuthSuccess(state, action.payload))
      .addCase(login.rejected, (state, action) =>
        applyError(state, action.payload?.message ?? FALLBACK_MESSAGES.login),
      )
      .addCase(register.pending, startAuthRequest)
      .addCase(register.fulfilled, (state, action) => applyAuthSuccess(state, action.payload))
      .addCase(register.rejected, (state, action) =>
        applyError(state, action.payload?.message ?? FALLBACK_MESSAGES.register),
      );
    builder
      .addCase(refreshUser.pending, (state) => {
        state.refreshLoading = true;
      })
      .addCase(refreshUser.fulfilled, (state, action) => {
        state.refreshLoading = false;
        replaceUser(state, action.payload);
      })
      .addCase(refreshUser.rejected, (state) => {
        state.refreshLoading = false;
      })
      .addCase(fetchProfile.fulfilled, (state, action) => replaceUser(state, action.payload));
  },
});

export const {
  setLoading,
  authSuccess,
  setError,
  updateUser,
  setCredits,
  decrementCredits,
  logout,
  clearError,
} = sessionSlice.actions;

type WithSession = { session: SessionState };

export const selectSession = (state: WithSession): SessionState => state.session;
export const selectUser = (state: WithSession): User | null => state.session.user;
export const selectIsAuthenticated = (state: WithSession): boolean => state.session.isAuthenticated;
export const selectCredits = (state: WithSession): number => state.session.user?.credits ?? 0;
export const selectRole = (state: WithSession): User['role'] | null =>
  state.session.user?.role ?? null;

/**
 * Keeps local storage in step with the session: written whenever the user or token changes
 * (sign-in, updateUser, credits), cleared on logout. Reducers stay pure; this is the one writer.
 * Returns the unsubscribe function.
 */
export function persistSession(store: {
  getState: () => WithSession;
  subscribe: (listener: () => void) => () => void;
}): () => void {
  let previous = store.getState().session;
  return store.subscribe(() => {
    const current = store.getState().session;
    if (current.user === previous.user && current.token === previous.token) return;
    previous = current;
    if (current.token && current.user) writeStoredSession(current.token, current.user);
    else clearStoredSession();
  });
}
