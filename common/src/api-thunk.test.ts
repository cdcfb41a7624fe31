import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createApiThunk } from './api-thunk';

function storeWithLog() {
  const seen: string[] = [];
  const store = configureStore({
    reducer: (state: string[] = [], action: { type: string }) => {
      seen.push(action.type);
      return state;
    },
  });
  return { store, seen };
}

describe('createApiThunk', () => {
  it('fulfils with what run returns, run dispatching progress on the way', async () => {
    const thunk = createApiThunk<number, number>('test/double', 'Failed', (n, _signal, tools) => {
      tools.dispatch({ type: 'test/progress' });
      return Promise.resolve(n * 2);
    });
    const { store, seen } = storeWithLog();
    await expect(store.dispatch(thunk(21)).unwrap()).resolves.toBe(42);
    expect(seen).toEqual(
      expect.arrayContaining(['test/double/pending', 'test/progress', 'test/double/fulfilled']),
    );
  });

  it('rejects with the server’s failure, or the fallback for anything else, after onError', async () => {
    const onError = vi.fn();
    const failures: unknown[] = [
      new ApiError({ message: 'Insufficient credits', status: 402, code: 'INSUFFICIENT_CREDITS' }),
      new TypeError('network down'),
    ];
    const thunk = createApiThunk<never, number>(
      'test/fail',
      'Could not do it',
      (index) => Promise.reject(failures[index]),
      { onError },
    );
    const { store } = storeWithLog();
    const first = await store.dispatch(thunk(0));
    expect(first.payload).toEqual({
      message: 'Insufficient credits',
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(onError).toHaveBeenLastCalledWith(first.payload, { dispatch: expect.any(Function) });
    const second = await store.dispatch(thunk(1));
    expect(second.payload).toEqual({ message: 'Could not do it', status: 0, code: 'UNKNOWN' });
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('skips the call when condition says so', async () => {
    const run = vi.fn(() => Promise.resolve('ran'));
    const thunk = createApiThunk<string, boolean, unknown>('test/maybe', 'Failed', run, {
      condition: (allowed) => allowed,
    });
    const { store } = storeWithLog();
    await store.dispatch(thunk(false));
    expect(run).not.toHaveBeenCalled();
    await store.dispatch(thunk(true));
    expect(run).toHaveBeenCalledOnce();
  });
});
