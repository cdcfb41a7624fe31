import { useEffect, useState } from 'react';

/**
 * The window event that says "the server's state may have changed for this person" (a new
 * notification arrived, or the tab came back into view). A window event rather than module
 * state: the shell and each remote bundle their own copy of this module (it is not a shared
 * singleton), and all of them see the same window.
 */
export const SERVER_CHANGE_EVENT = 'brevity:server-change';

/** Tells every screen that depends on credits, role or review state to load them again. */
export function announceServerChange(): void {
  window.dispatchEvent(new Event(SERVER_CHANGE_EVENT));
}

/** Calls `listener` on each announced change; returns the unsubscribe function. */
export function onServerChange(listener: () => void): () => void {
  window.addEventListener(SERVER_CHANGE_EVENT, listener);
  return () => window.removeEventListener(SERVER_CHANGE_EVENT, listener);
}

/**
 * How many changes were announced since the component mounted: put it in a load's key
 * (`useLoad`) or an effect's dependencies to load again when the server's state may have moved.
 */
export function useServerChanges(): number {
  const [count, setCount] = useState(0);
  useEffect(() => onServerChange(() => setCount((value) => value + 1)), []);
  return count;
}
