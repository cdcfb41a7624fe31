// The `common/` modules shared between the shell and the remotes through Module Federation: the
// shell lends exactly these (shell/src/app/federation.ts; a test keeps the two lists equal) and a
// remote consumes exactly these. Every other `common/` module a remote imports is bundled into the
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
