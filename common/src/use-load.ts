import { useEffect, useEffectEvent, useState } from 'react';
import { errorMessage } from 'common/error-message';

/** Where one load stands: on its way, answered with `data`, or failed with a message to show. */
export type LoadState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/**
 * Loads what `key` names, and again whenever the key changes (put in it all the load depends
 * on, and a reload counter to ask again). The request of an older key is aborted and its answer
 * ignored: until the current key's answer arrives the state reads as loading. A failure's
 * message is `errorMessage(error, failure)`, or what `failure` makes of the error.
 */
export function useLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  failure: string | ((error: unknown) => string),
): LoadState<T> {
  const [answer, setAnswer] = useState<{ key: string; state: LoadState<T> } | null>(null);
  const run = useEffectEvent(load);
  const describe = useEffectEvent((error: unknown) =>
    typeof failure === 'string' ? errorMessage(error, failure) : failure(error),
  );
  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => setAnswer({ key, state: { status: 'ready', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, state: { status: 'failed', message: describe(error) } });
      },
    );
    return () => controller.abort();
  }, [key]);
  return answer?.key === key ? answer.state : { status: 'loading' };
}
