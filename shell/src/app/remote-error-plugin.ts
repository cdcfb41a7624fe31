import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/**
 * Logs every remote that fails to load, with what failed, and lets the error reach the
 * shell's RemoteBoundary, which retries and then shows a message with a retry button.
 */
export function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'brevity-remote-errors',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`Remote module ${id} failed to load during ${lifecycle}`, error);
      return undefined;
    },
  };
}
