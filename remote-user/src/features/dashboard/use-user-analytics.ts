import { startTransition, useEffect, useState } from 'react';
import { toApiErrorInfo } from 'common/api-client';
import { refreshTimeZoneWhenHidden } from 'common/time-zone';
import { ANALYTICS_FALLBACK, loadUserAnalytics } from './user-analytics';
import type { UserAnalytics } from './user-analytics';

export type AnalyticsState =
  { status: 'loading' } | { status: 'ready'; analytics: UserAnalytics } | { status: 'failed' };

/** Loads the dashboard's analytics; a failure is only logged (SPEC.md §8), `retry` tries again. */
export function useUserAnalytics(): { state: AnalyticsState; retry: () => void } {
  const [state, setState] = useState<AnalyticsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => refreshTimeZoneWhenHidden(), []);

  useEffect(() => {
    const controller = new AbortController();
    loadUserAnalytics(controller.signal).then(
      // A transition: React renders the cards and the chart in slices of a few milliseconds,
      // not in one long task that keeps a phone from answering a tap.
      (analytics) => startTransition(() => setState({ status: 'ready', analytics })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(ANALYTICS_FALLBACK, toApiErrorInfo(error, ANALYTICS_FALLBACK).message);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
}
