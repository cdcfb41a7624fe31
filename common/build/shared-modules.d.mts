/** The `common/` modules shared between the shell and the remotes (see shared-modules.mjs). */
export declare const SHARED_COMMON_MODULES: readonly string[];
