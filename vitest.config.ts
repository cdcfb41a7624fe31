import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vitest/config';
import {
  SHARED_COMMON_MODULES_ID,
  sharedCommonModulesSource,
} from './common/build/shared-modules.mjs';

/** `virtual:shared-common-modules` for the shell's tests, as webpack builds it for the shell. */
function sharedCommonModules(): Plugin {
  // Placed in the shell's folder, so its imports resolve as the shell's own do.
  const id = path.resolve(import.meta.dirname, 'shell/src/app/shared-common-modules.virtual.js');
  return {
    name: 'shared-common-modules',
    resolveId: (source) => (source === SHARED_COMMON_MODULES_ID ? id : null),
    load: (loaded) => (loaded === id ? sharedCommonModulesSource() : null),
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          root: './api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../vitest.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        plugins: [sharedCommonModules()],
        test: {
          name: 'web',
          include: [
            'common/src/**/*.test.{ts,tsx}',
            'shell/src/**/*.test.{ts,tsx}',
            'remote-*/src/**/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        // Type tests (*.test-d.ts: expectTypeOf), checked by tsc and reported as tests.
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['api/src/**/*.test-d.ts', 'common/src/**/*.test-d.ts'],
            tsconfig: './tsconfig.type-tests.json',
          },
        },
      },
    ],
  },
});
