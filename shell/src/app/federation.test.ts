import { SHARED_COMMON_MODULES } from 'common/build/shared-modules.mjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';

beforeAll(() => {
  vi.stubGlobal('__SHARED_VERSIONS__', {
    react: '19.3.1',
    'react-dom': '19.3.1',
    'react-redux': '9.3.1',
    common: '1.0.0',
    federation: '2.9.2',
  });
});

describe('sharedModules', () => {
  it('lends exactly the common/ modules the remotes are built to consume', async () => {
    const { sharedModules } = await import('./federation');
    const lent = Object.keys(sharedModules()).filter((key) => key.startsWith('common/'));
    expect(lent.sort()).toEqual([...SHARED_COMMON_MODULES].sort());
  });

  it('lends the very React the shell renders with, as a singleton', async () => {
    const React = await import('react');
    const { sharedModules } = await import('./federation');
    const react = sharedModules().react;
    if (!react || Array.isArray(react)) throw new Error('react is lent once');
    expect('lib' in react ? react.lib?.() : null).toBe(React);
    expect(react.shareConfig?.singleton).toBe(true);
  });
});
