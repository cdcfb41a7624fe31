import type { InferResponseType } from 'hono/client';
import { api, request } from 'common/api-client';
import { DEFAULT_FILE_TYPES } from './file-types';
import type { RemoteName } from './remote-name';

/**
 * What GET /api/config tells the front ends, inferred from the api's route: `demo` (credentials
 * advertised on the login page; null hides the hint), `maxChars`, `maxFileBytes`, `model` (the AI
 * model label shown by default) and `remotes` (base URL of each remote, e.g. '/remotes/admin/');
 * and, from API.md round 3, `fileTypes` (the extensions the server reads), `maxDocumentChars`
 * (text read from a file or a page) and `urlSources` (whether a web page may be summarized).
 */
export type PortalConfig = Pick<
  InferResponseType<typeof api.config.$get, 200>['data'],
  'demo' | 'maxChars' | 'maxFileBytes' | 'model' | 'remotes'
> & {
  fileTypes: readonly string[];
  maxDocumentChars: number;
  urlSources: boolean;
  /** The languages a summary may be asked in, by their own names (API.md round 3). */
  languages: readonly { code: string; name: string }[];
};

/** SPEC.md §9 values, used for whatever the server leaves out. */
export const DEFAULT_PORTAL_CONFIG: PortalConfig = {
  demo: null,
  maxChars: 50_000,
  maxFileBytes: 10 * 1024 * 1024,
  fileTypes: DEFAULT_FILE_TYPES,
  maxDocumentChars: 500_000,
  urlSources: false,
  // An older server names none: the choice is then only "Same as the document".
  languages: [],
  model: 'Gemini 1.5 Flash',
  remotes: {
    user: '/remotes/user/',
    admin: '/remotes/admin/',
    editor: '/remotes/editor/',
    reviewer: '/remotes/reviewer/',
  },
};

const REMOTE_NAMES = Object.keys(DEFAULT_PORTAL_CONFIG.remotes) as RemoteName[];

export const PORTAL_CONFIG_FALLBACK = 'Failed to load the portal configuration';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function positiveNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** `.pdf`-like strings only, lower case; null when none is (then the default list stands). */
function fileTypes(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const types = value
    .filter((type): type is string => typeof type === 'string' && /^\.[a-z0-9]+$/i.test(type))
    .map((type) => type.toLowerCase());
  return types.length > 0 ? types : null;
}

/** `{ code, name }` entries with a two-letter code and a name; others are left out. */
function languages(value: unknown): { code: string; name: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) =>
    isRecord(entry) &&
    typeof entry.code === 'string' &&
    /^[a-z]{2}$/u.test(entry.code) &&
    typeof entry.name === 'string' &&
    entry.name.trim() !== ''
      ? [{ code: entry.code, name: entry.name }]
      : [],
  );
}

/** Reads the `data` of GET /api/config, trusting only well-formed fields. */
export function toPortalConfig(data: unknown): PortalConfig {
  const raw = isRecord(data) ? data : {};
  const demo =
    isRecord(raw.demo) &&
    typeof raw.demo.email === 'string' &&
    typeof raw.demo.password === 'string'
      ? { email: raw.demo.email, password: raw.demo.password }
      : null;
  const remotes = { ...DEFAULT_PORTAL_CONFIG.remotes };
  if (isRecord(raw.remotes)) {
    for (const area of REMOTE_NAMES) {
      const location = raw.remotes[area];
      if (typeof location === 'string' && location !== '') remotes[area] = location;
    }
  }
  return {
    demo,
    maxChars: positiveNumber(raw.maxChars, DEFAULT_PORTAL_CONFIG.maxChars),
    maxFileBytes: positiveNumber(raw.maxFileBytes, DEFAULT_PORTAL_CONFIG.maxFileBytes),
    fileTypes: fileTypes(raw.fileTypes) ?? DEFAULT_PORTAL_CONFIG.fileTypes,
    maxDocumentChars: positiveNumber(raw.maxDocumentChars, DEFAULT_PORTAL_CONFIG.maxDocumentChars),
    // Only a server that says so reads web pages (an older one would refuse `url`).
    urlSources: raw.urlSources === true,
    languages: languages(raw.languages),
    model:
      typeof raw.model === 'string' && raw.model !== '' ? raw.model : DEFAULT_PORTAL_CONFIG.model,
    remotes,
  };
}

let pending: Promise<PortalConfig> | null = null;
/** The configuration once it has arrived, for a screen's first render. */
let known: PortalConfig | null = null;

/** The configuration if it has arrived, else DEFAULT_PORTAL_CONFIG: never waits. */
export function currentPortalConfig(): PortalConfig {
  return known ?? DEFAULT_PORTAL_CONFIG;
}

function remember(config: PortalConfig): PortalConfig {
  known = config;
  return config;
}

/**
 * GET /api/config, fetched once and shared by every caller; a failed fetch is forgotten so the
 * next call tries again. Rejects with an ApiError.
 */
export function getPortalConfig(): Promise<PortalConfig> {
  pending ??= request(() => api.config.$get(), PORTAL_CONFIG_FALLBACK).then(
    (body) => remember(toPortalConfig(body.data)),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/**
 * Adopts a GET /api/config body already on its way (the shell's document asks for it before any
 * bundle runs) as the answer of getPortalConfig, unless one is cached. When that request fails or
 * its body is not a success, the configuration is fetched as usual.
 */
export function adoptPortalConfig(body: Promise<unknown>): void {
  if (pending) return;
  const adopted: Promise<PortalConfig> = body
    .then((answer) => {
      if (!isRecord(answer) || answer.success !== true) throw new Error(PORTAL_CONFIG_FALLBACK);
      return remember(toPortalConfig(answer.data));
    })
    .catch(() => {
      if (pending === adopted) pending = null;
      return getPortalConfig();
    });
  pending = adopted;
}

/** Forgets the cached configuration (tests, or after the server's configuration changed). */
export function resetPortalConfig(): void {
  pending = null;
  known = null;
}

/** Takes `config` as the server's answer without asking it (tests, and pages that know it). */
export function primePortalConfig(config: PortalConfig): void {
  pending = Promise.resolve(remember(config));
}
