declare namespace NodeJS {
  interface ProcessEnv {
    /** Origin of the API, set at build time; empty means the shell's own origin. */
    readonly API_URL?: string;
  }
}
