import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SHARED_COMMON_MODULES } from 'common/build/shared-modules.mjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Federation from './federation';

const workspace = path.resolve(import.meta.dirname, '../../..');

/** The non-test TypeScript sources under `dir`. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** The values (not types) a source file imports from `@reduxjs/toolkit`. */
function reduxToolkitValues(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(
    /import\s+(type\s+)?(?:\*\s+as\s+(\w+)|\{([^}]*)\})\s+from\s+'@reduxjs\/toolkit'/g,
  )) {
    if (match[1]) continue;
    if (match[2]) names.push(`* as ${match[2]}`);
    for (const part of (match[3] ?? '').split(',')) {
      const name = part.trim();
      if (name !== '' && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

let federation: typeof Federation;

beforeAll(async () => {
  vi.stubGlobal('__SHARED_VERSIONS__', {
    react: '19.3.1',
    'react-dom': '19.3.1',
    'react-redux': '9.3.1',
    '@reduxjs/toolkit': '2.14.0',
    common: '1.0.0',
    federation: '2.9.2',
  });
  // The first import transforms every shared module: seconds on a busy machine.
  federation = await import('./federation');
}, 60_000);

describe('sharedModules', () => {
  it('lends exactly the common/ modules the remotes are built to consume, as the shell imports them', async () => {
    const { sharedModules } = federation;
    const lent = Object.keys(sharedModules()).filter((key) => key.startsWith('common/'));
    expect(lent.sort()).toEqual([...SHARED_COMMON_MODULES].sort());
    // The generated module lends the very instances the shell runs with.
    const store = sharedModules()['common/store'];
    if (!store || Array.isArray(store)) throw new Error('common/store is lent once');
    expect('lib' in store ? store.lib?.() : null).toBe(await import('common/store'));
  });

  it('lends the very React the shell renders with, as a singleton', async () => {
    const React = await import('react');
    const { sharedModules } = federation;
    const react = sharedModules().react;
    if (!react || Array.isArray(react)) throw new Error('react is lent once');
    expect('lib' in react ? react.lib?.() : null).toBe(React);
    expect(react.shareConfig?.singleton).toBe(true);
  });

  it('lends every Redux Toolkit function the remotes and their common/ modules call', async () => {
    const { LENT_REDUX_TOOLKIT, sharedModules } = federation;
    const dirs = ['common/src', 'remote-user/src', 'remote-admin/src', 'remote-editor/src'];
    dirs.push('remote-reviewer/src');
    const used = new Set<string>();
    for (const dir of dirs) {
      for (const file of sourcesUnder(path.join(workspace, dir))) {
        for (const name of reduxToolkitValues(readFileSync(file, 'utf8'))) used.add(name);
      }
    }
    // The scan finds what is there: the remotes' slices use createSlice, the stores the rest.
    expect(used).toContain('createSlice');
    expect([...used].sort()).toEqual(Object.keys(LENT_REDUX_TOOLKIT).sort());
    const lent = sharedModules()['@reduxjs/toolkit'];
    if (!lent || Array.isArray(lent)) throw new Error('Redux Toolkit is lent once');
    expect('lib' in lent ? lent.lib?.() : null).toBe(LENT_REDUX_TOOLKIT);
  });
});
