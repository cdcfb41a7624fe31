import { createAsyncThunk } from '@reduxjs/toolkit';
import { toApiErrorInfo } from 'common/api-client';
import type { ApiErrorInfo } from 'common/api-client';

export interface ApiThunkOptions<Arg, State> {
  /** Return false to skip the call, e.g. while the same list is already loading. */
  condition?: (arg: Arg, state: State) => boolean;
}

/**
 * An async thunk around one API call: it fulfils with what `run` returns and rejects with the
 * failure as plain ApiErrorInfo (`action.payload`), its message the server's or `fallback`
 * (SPEC.md §8). `unwrap()` rejects with that same ApiErrorInfo. `run` gets the thunk's abort
 * signal, so aborting the dispatched promise cancels the request.
 *
 * @example export const fetchUsers = createApiThunk('admin/fetchUsers', FALLBACK_MESSAGES.fetchUsers, getUsers);
 */
export function createApiThunk<Returned, Arg = void, State = unknown>(
  typePrefix: string,
  fallback: string,
  run: (arg: Arg, signal: AbortSignal) => Promise<Returned>,
  options: ApiThunkOptions<Arg, State> = {},
) {
  const { condition } = options;
  return createAsyncThunk<Returned, Arg, { state: State; rejectValue: ApiErrorInfo }>(
    typePrefix,
    async (arg, { rejectWithValue, signal }) => {
      try {
        return await run(arg, signal);
      } catch (error) {
        return rejectWithValue(toApiErrorInfo(error, fallback));
      }
    },
    condition ? { condition: (arg, { getState }) => condition(arg, getState()) } : {},
  );
}
