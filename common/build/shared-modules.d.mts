/** The `common/` modules shared between the shell and the remotes (see shared-modules.mjs). */
export declare const SHARED_COMMON_MODULES: readonly string[];
/** The import name of the module sharedCommonModulesSource generates. */
export declare const SHARED_COMMON_MODULES_ID: 'virtual:shared-common-modules';
/** The source of `virtual:shared-common-modules` (see shared-modules.mjs). */
export declare function sharedCommonModulesSource(): string;
