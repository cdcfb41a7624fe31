declare namespace NodeJS {
  interface ProcessEnv {
    /** Origin of the API, set at build time; empty means the shell's own origin. */
    readonly API_URL?: string;
  }
}

/**
 * Installed versions of what the shell lends remotes (react, react-dom, react-redux, Redux Toolkit,
 * common) and
 * of the federation runtime, set at build time by common/build/webpack.config.mjs.
 */
declare const __SHARED_VERSIONS__: {
  react: string;
  'react-dom': string;
  'react-redux': string;
  '@reduxjs/toolkit': string;
  common: string;
  federation: string;
};

/** Generated from common/build/shared-modules.mjs (sharedCommonModulesSource). */
declare module 'virtual:shared-common-modules' {
  /** Each shared `common/` module's namespace, by the key remotes consume it under. */
  export const SHARED_COMMON: Readonly<Record<string, unknown>>;
}
