import * as runtimeCore from '@module-federation/runtime-core';
import { createInstance } from '@module-federation/runtime';
import type { ModuleFederation } from '@module-federation/runtime';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as ReactRedux from 'react-redux';
import {
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createSlice,
} from '@reduxjs/toolkit';
import { SHARED_COMMON } from 'virtual:shared-common-modules';
import { remoteErrorPlugin } from './remote-error-plugin';
import { checkedManifestPlugin } from './remote-manifest';

type Shared = NonNullable<Parameters<typeof createInstance>[0]['shared']>;

function singleton(version: string, module: unknown): Shared[string] {
  return {
    version,
    lib: () => module,
    shareConfig: { singleton: true, requiredVersion: `^${version}` },
  };
}

/**
 * The Redux Toolkit functions the remotes and the `common/` modules they bundle call
 * (federation.test.ts checks their sources against this list). The shell lends these from the
 * copy it already runs instead of its whole namespace, which would keep every export of the
 * package in the shell's first chunk; a remote then downloads no Redux Toolkit, Immer or Redux of
 * its own (docs/decisions/0002).
 */
export const LENT_REDUX_TOOLKIT = {
  combineSlices,
  configureStore,
  // Already in the shell's copy (createSlice makes its actions with it): lending it costs nothing.
  createAction,
  createAsyncThunk,
  createSlice,
} as const;

/**
 * What the shell lends the remotes: its own React, react-redux, Redux Toolkit and `common/`
 * modules, under the keys the remotes consume (their `shared` config in common/build/webpack.config.mjs; the
 * `common/` ones come from `virtual:shared-common-modules`, generated from the one list in
 * common/build/shared-modules.mjs). Handing
 * over the very module instances the shell renders with is what keeps one React, one store, one
 * router context and one API client across shell and remotes. Modules with state of their own
 * (api-client, modal, toast, store, router, portal-config) must be on this list. The others are
 * those the signed-in shell already has, plus the few small UI parts the user remote's pages
 * (open to every role) need, so those pages start without a second round of tiny chunks; a
 * `common/` module only staff pages use is bundled by the remote that needs it.
 */
export function sharedModules(): Shared {
  const versions = __SHARED_VERSIONS__;
  const reactVersion = versions.react;
  const domVersion = versions['react-dom'];
  const common = (module: unknown) => singleton(versions.common, module);
  return {
    react: singleton(reactVersion, React),
    'react/jsx-runtime': singleton(reactVersion, jsxRuntime),
    'react-dom': singleton(domVersion, ReactDOM),
    'react-dom/client': singleton(domVersion, ReactDOMClient),
    'react-redux': singleton(versions['react-redux'], ReactRedux),
    '@reduxjs/toolkit': singleton(versions['@reduxjs/toolkit'], LENT_REDUX_TOOLKIT),
    ...Object.fromEntries(
      Object.entries(SHARED_COMMON).map(([key, module]) => [key, common(module)]),
    ),
  };
}

interface RuntimeCoreGlobal {
  _FEDERATION_RUNTIME_CORE?: typeof runtimeCore;
  _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string };
}

let instance: ModuleFederation | null = null;

/**
 * The shell's federation runtime, created the first time a signed-in page needs a remote (the
 * landing page, login and register never load this module). Remotes are built with
 * `externalRuntime`: they carry no runtime of their own and use the one published here on
 * `globalThis._FEDERATION_RUNTIME_CORE`, which is what `provideExternalRuntime` would do.
 * See docs/decisions/0007-shell-prerender-and-lazy-federation.md.
 */
export function federation(): ModuleFederation {
  if (instance) return instance;
  const global = globalThis as typeof globalThis & RuntimeCoreGlobal;
  global._FEDERATION_RUNTIME_CORE ??= runtimeCore;
  global._FEDERATION_RUNTIME_CORE_FROM ??= {
    name: 'shell',
    version: __SHARED_VERSIONS__.federation,
  };
  instance = createInstance({
    name: 'shell',
    remotes: [],
    shared: sharedModules(),
    shareStrategy: 'loaded-first',
    plugins: [remoteErrorPlugin(), checkedManifestPlugin()],
  });
  return instance;
}
