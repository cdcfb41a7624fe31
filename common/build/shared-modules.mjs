// The `common/` modules shared between the shell and the remotes through Module Federation,
// declared once: a remote consumes exactly these (webpack.config.mjs) and the shell lends exactly
// these, from the module `virtual:shared-common-modules` generated from this list
// (sharedCommonModulesSource: webpack's VirtualUrlPlugin builds it into the shell, a Vite plugin
// into its tests; shell/src/app/federation.ts imports it). Every other `common/` module a remote imports is bundled into the
// remote's own chunks, tree-shaken, instead of arriving as one small shared chunk per module.
// Every module with state of its own (api-client, modal, portal-config, router, store, toast)
// must be listed, so shell and remotes see one instance.

/** @type {readonly string[]} */
export const SHARED_COMMON_MODULES = [
  'common/api-client',
  'common/cx',
  'common/modal',
  'common/pagination',
  'common/portal-config',
  'common/roles',
  'common/router',
  'common/session',
  'common/session-storage',
  'common/store',
  'common/text',
  'common/user',
  'common/ui/alert',
  'common/ui/badge',
  'common/ui/button',
  'common/ui/card',
  'common/ui/confirm-dialog',
  'common/ui/dialog',
  'common/ui/icons',
  'common/ui/label',
  'common/ui/pager',
  'common/ui/skeleton',
  'common/ui/spinner',
  'common/ui/tabs',
  'common/ui/textarea',
  'common/ui/toast',
];

/** The import name of the module {@link sharedCommonModulesSource} generates. */
export const SHARED_COMMON_MODULES_ID = 'virtual:shared-common-modules';

/**
 * The source of `virtual:shared-common-modules`: `SHARED_COMMON`, each module of
 * SHARED_COMMON_MODULES by its key, as the very namespace the shell itself imports.
 * @returns {string}
 */
export function sharedCommonModulesSource() {
  const imports = SHARED_COMMON_MODULES.map(
    (module, index) => `import * as module${index} from '${module}';`,
  );
  const entries = SHARED_COMMON_MODULES.map((module, index) => `  '${module}': module${index},`);
  return `${imports.join('\n')}\nexport const SHARED_COMMON = {\n${entries.join('\n')}\n};\n`;
}
