import { describe, expect, it } from 'vitest';
import { parseRemoteManifest, unmetNeeds } from './remote-manifest';

function manifest(shared: unknown[], buildVersion = '1.0.0+abc') {
  return {
    id: 'remote_user',
    name: 'remote_user',
    metaData: { name: 'remote_user', buildInfo: { buildVersion, buildName: 'remote-user' } },
    shared,
    remotes: [],
    exposes: [],
  };
}

const lent = new Map([
  ['react', '19.3.1'],
  ['common/store', '1.0.0'],
]);

describe('parseRemoteManifest', () => {
  it('reads the release and the shared needs', () => {
    const parsed = parseRemoteManifest(
      manifest([{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }]),
      'remote_user',
    );
    expect(parsed).toEqual({
      name: 'remote_user',
      buildVersion: '1.0.0+abc',
      shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }],
    });
  });

  it('refuses what is not the expected remote’s manifest', () => {
    expect(() => parseRemoteManifest({ hello: 1 }, 'remote_user')).toThrow(/not a Module/);
    expect(() => parseRemoteManifest(manifest([]), 'remote_admin')).toThrow(/names remote_user/);
    const noVersion = { ...manifest([]), metaData: { name: 'remote_user' } };
    expect(() => parseRemoteManifest(noVersion, 'remote_user')).toThrow(/no buildVersion/);
  });
});

describe('unmetNeeds', () => {
  it('accepts a remote built for the versions the shell lends', () => {
    const parsed = parseRemoteManifest(
      manifest([
        { name: 'react', requiredVersion: '^19.0.0' },
        { name: 'common/store', requiredVersion: '^1.0.0' },
        { name: 'left-pad', requiredVersion: '^2.0.0' },
      ]),
      'remote_user',
    );
    expect(unmetNeeds(parsed, lent)).toEqual([]);
  });

  it('names each shared singleton whose major the shell cannot lend', () => {
    const parsed = parseRemoteManifest(
      manifest([
        { name: 'react', version: '18.3.1', requiredVersion: '^18.3.1' },
        { name: 'common/store', requiredVersion: '^2.0.0' },
      ]),
      'remote_user',
    );
    expect(unmetNeeds(parsed, lent)).toEqual([
      'react ^18.3.1 (the portal has 19.3.1)',
      'common/store ^2.0.0 (the portal has 1.0.0)',
    ]);
  });
});
