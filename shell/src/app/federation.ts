import * as runtimeCore from '@module-federation/runtime-core';
import { createInstance } from '@module-federation/runtime';
import type { ModuleFederation } from '@module-federation/runtime';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as ReactRedux from 'react-redux';
import { combineSlices, configureStore, createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import * as apiClient from 'common/api-client';
import * as cx from 'common/cx';
import * as modal from 'common/modal';
import * as pagination from 'common/pagination';
import * as portalConfig from 'common/portal-config';
import * as roles from 'common/roles';
import * as router from 'common/router';
import * as session from 'common/session';
import * as sessionStorage from 'common/session-storage';
import * as store from 'common/store';
import * as text from 'common/text';
import * as user from 'common/user';
import * as alert from 'common/ui/alert';
import * as badge from 'common/ui/badge';
import * as button from 'common/ui/button';
import * as card from 'common/ui/card';
import * as confirmDialog from 'common/ui/confirm-dialog';
import * as dialog from 'common/ui/dialog';
import * as icons from 'common/ui/icons';
import * as label from 'common/ui/label';
import * as pager from 'common/ui/pager';
import * as skeleton from 'common/ui/skeleton';
import * as spinner from 'common/ui/spinner';
import * as tabs from 'common/ui/tabs';
import * as textarea from 'common/ui/textarea';
import * as toast from 'common/ui/toast';
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
  createAsyncThunk,
  createSlice,
} as const;

/**
 * What the shell lends the remotes: its own React, react-redux, Redux Toolkit and `common/`
 * modules, under the keys the remotes consume (their `shared` config in common/build/webpack.config.mjs; the
 * `common/` keys are common/build/shared-modules.mjs, and federation.test.ts keeps them equal). Handing
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
    'common/api-client': common(apiClient),
    'common/cx': common(cx),
    'common/modal': common(modal),
    'common/pagination': common(pagination),
    'common/portal-config': common(portalConfig),
    'common/roles': common(roles),
    'common/router': common(router),
    'common/session': common(session),
    'common/session-storage': common(sessionStorage),
    'common/store': common(store),
    'common/text': common(text),
    'common/user': common(user),
    'common/ui/alert': common(alert),
    'common/ui/badge': common(badge),
    'common/ui/button': common(button),
    'common/ui/card': common(card),
    'common/ui/confirm-dialog': common(confirmDialog),
    'common/ui/dialog': common(dialog),
    'common/ui/icons': common(icons),
    'common/ui/label': common(label),
    'common/ui/pager': common(pager),
    'common/ui/skeleton': common(skeleton),
    'common/ui/spinner': common(spinner),
    'common/ui/tabs': common(tabs),
    'common/ui/textarea': common(textarea),
    'common/ui/toast': common(toast),
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
