import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { DocumentError } from '../document-error';

/**
 * Reads a web page for a summary the way a careful browser would, and no further (issue 27): http
 * and https only, ports 80 and 443, at most 5 redirects, 10 MB, 10 s in all. Every address is
 * resolved first and refused unless every address it resolves to is public; that check is made
 * again at every redirect, and the connection goes to the address that was checked, so a name
 * that resolves elsewhere the second time (DNS rebinding) cannot reach an internal service.
 * `FETCH_ALLOWED_HOSTS` lets an operator allow named intranet hosts (`host` or `host:port`).
 * It fails with a DocumentError: `not-allowed` (an address Brevity may not fetch),
 * `unreachable` (no such name, no connection, an error status, a page that never finished) or
 * `too-large` (past the byte limit).
 */

function notAllowed(message: string): DocumentError {
  return new DocumentError('not-allowed', message);
}

function unreachable(message: string): DocumentError {
  return new DocumentError('unreachable', message);
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (the system's resolver by default; tests inject one). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface FetchPageOptions {
  /** Hosts allowed although internal: `host` (any port) or `host:port`, as FETCH_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  resolve?: Resolver;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface FetchedPage {
  /** The address the body came from, after redirects. */
  url: string;
  /** The media type, lower-case, without parameters ('' when the server named none). */
  mediaType: string;
  /** The charset the server named, if any. */
  charset: string | null;
  body: Buffer;
}

export const PAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
} as const;

const USER_AGENT =
  'Mozilla/5.0 (compatible; Brevity/1.0; reads a page a signed-in user asked to summarize)';
const ACCEPT =
  'text/html,application/xhtml+xml,application/pdf,' +
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain;q=0.9,*/*;q=0.5';

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** Whether `address` is a public unicast address: not loopback, private, link-local and so on. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // ::ffff:10.0.0.1 and the like reach the IPv4 address inside.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** FETCH_ALLOWED_HOSTS's value as a list: comma-separated `host[:port]`, lower-case. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

function isAllowedHost(url: URL, port: number, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some((entry) => entry === host || entry === `${host}:${port}`);
}

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * The address to connect to for `url`, checked: the URL's own rules (scheme, credentials, port),
 * then every address its host resolves to, unless the host is allowed by name.
 */
async function checkedAddress(
  url: URL,
  allowed: readonly string[],
  resolve: Resolver,
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw notAllowed('Only http and https addresses can be read.');
  }
  if (url.username !== '' || url.password !== '') {
    throw notAllowed('Addresses with a user name or password are not read.');
  }
  const port = portOf(url);
  const allowedByName = isAllowedHost(url, port, allowed);
  if (!allowedByName && port !== 80 && port !== 443) {
    throw notAllowed(`Only ports 80 and 443 can be read (this address uses ${port}).`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw unreachable(`The address ${host} could not be found.`);
    }
    if (addresses.length === 0) {
      throw unreachable(`The address ${host} could not be found.`);
    }
  }
  if (!allowedByName && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw notAllowed(`The address ${host} is not on the public internet.`);
  }
  return addresses[0] as ResolvedAddress;
}

/** A lookup that answers the checked address, whatever the name: no second resolution. */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function send(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(target),
        signal,
        headers: {
          Accept: ACCEPT,
          'Accept-Encoding': 'gzip, deflate, br',
          'User-Agent': USER_AGENT,
        },
      },
      resolve,
    );
    outgoing.once('error', reject);
    outgoing.end();
  });
}

/** `bytes` in MB, to two decimals at most (10 for the default limit). */
function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}

/** The body, decompressed, refused past `maxBytes` (counted after decompression). */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  const tooLarge = () =>
    new DocumentError('too-large', `The page is larger than ${megabytes(maxBytes)} MB.`);
  if (encoding === 'identity' && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  const stream = decoder ? response.pipe(decoder) : response;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } finally {
    response.destroy();
    decoder?.destroy();
  }
  return Buffer.concat(chunks);
}

function describeStatus(response: IncomingMessage): string {
  const status = response.statusCode ?? 0;
  return `${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}`;
}

/**
 * Reads `address` under the rules above; fails with a DocumentError naming what went wrong, or,
 * when `options.signal` is aborted, with its reason.
 */
export async function fetchPage(
  address: string,
  options: FetchPageOptions = {},
): Promise<FetchedPage> {
  const allowed = options.allowedHosts ?? [];
  const resolve = options.resolve ?? systemResolver;
  const maxBytes = options.maxBytes ?? PAGE_LIMITS.maxBytes;
  const timeoutMs = options.timeoutMs ?? PAGE_LIMITS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? PAGE_LIMITS.maxRedirects;
  options.signal?.throwIfAborted();
  const timer = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timer, options.signal]) : timer;

  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw notAllowed('This is not a web address.');
  }
  try {
    for (let redirects = 0; ; redirects += 1) {
      let target: ResolvedAddress;
      try {
        target = await checkedAddress(url, allowed, resolve);
      } catch (error) {
        // Said as such: the person gave a public address, and may not know where it leads.
        if (redirects > 0 && error instanceof DocumentError && error.kind === 'not-allowed') {
          throw notAllowed(
            `The page redirected to an address that cannot be read. ${error.message}`,
          );
        }
        throw error;
      }
      let response: IncomingMessage;
      try {
        response = await send(url, target, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw unreachable(`The page at ${url.host} could not be reached.`);
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        if (redirects >= maxRedirects) {
          throw unreachable(`The page redirected more than ${maxRedirects} times.`);
        }
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw unreachable(`The page answered ${describeStatus(response)}.`);
      }
      const [mediaType = '', ...parameters] = String(response.headers['content-type'] ?? '')
        .split(';')
        .map((part) => part.trim());
      const charset =
        parameters
          .find((parameter) => parameter.toLowerCase().startsWith('charset='))
          ?.slice('charset='.length)
          .replace(/^"|"$/g, '') ?? null;
      const body = await readBody(response, maxBytes);
      return { url: url.href, mediaType: mediaType.toLowerCase(), charset, body };
    }
  } catch (error) {
    // The caller gave up (the person pressed Stop): that is theirs to report.
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof DocumentError) throw error;
    if (timer.aborted) {
      throw unreachable(`The page did not finish within ${timeoutMs / 1000} seconds.`);
    }
    // The connection broke while the page was being read.
    throw unreachable(`The page at ${url.host} could not be read to its end.`);
  }
}
