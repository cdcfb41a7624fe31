import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { toApiErrorInfo } from 'common/api-client';
import type { ApiErrorInfo } from 'common/api-client';

/** What `run` and `onError` may use besides the argument: the store's dispatch. */
export interface ApiThunkTools<State> {
  dispatch: ThunkDispatch<State, unknown, UnknownAction>;
}

export interface ApiThunkOptions<Arg, State> {
  /** Return false to skip the call, e.g. while the same list is already loading. */
  condition?: (arg: Arg, state: State) => boolean;
  /** Runs with the failure before the thunk rejects, e.g. to log it or to correct the balance. */
  onError?: (error: ApiErrorInfo, tools: ApiThunkTools<State>) => void;
}

/**
 * An async thunk around one API call: it fulfils with what `run` returns and rejects with the
 * failure as plain ApiErrorInfo (`action.payload`), its message the server's or `fallback`
 * (SPEC.md §8); throw an `ApiError` from `run` to reject with a failure of your own. `unwrap()`
 * rejects with that same ApiErrorInfo. `run` gets the thunk's abort signal, so aborting the
 * dispatched promise cancels the request, and the store's dispatch for progress on the way.
 *
 * @example export const fetchUsers = createApiThunk('admin/fetchUsers', FALLBACK_MESSAGES.fetchUsers, getUsers);
 */
export function createApiThunk<Returned, Arg = void, State = unknown>(
  typePrefix: string,
  fallback: string,
  run: (arg: Arg, signal: AbortSignal, tools: ApiThunkTools<State>) => Promise<Returned>,
  options: ApiThunkOptions<Arg, State> = {},
) {
  const { condition, onError } = options;
  return createAsyncThunk<Returned, Arg, { state: State; rejectValue: ApiErrorInfo }>(
    typePrefix,
    async (arg, { dispatch, rejectWithValue, signal }) => {
      try {
        return await run(arg, signal, { dispatch });
      } catch (error) {
        const info = toApiErrorInfo(error, fallback);
        onError?.(info, { dispatch });
        return rejectWithValue(info);
      }
    },
    condition ? { condition: (arg, { getState }) => condition(arg, getState()) } : {},
  );
}
