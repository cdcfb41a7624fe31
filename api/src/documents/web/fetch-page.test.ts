import { createServer } from 'node:http';
import type { IncomingHttpHeaders, RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentError } from '../document-error';
import { fetchPage, isPublicAddress, parseAllowedHosts } from './fetch-page';
import type { Resolver } from './fetch-page';

/** Servers a test starts, on 127.0.0.1 only, closed after it. */
const servers: Server[] = [];

async function serve(handler: RequestListener): Promise<{ port: number; origin: string }> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, origin: `http://127.0.0.1:${port}` };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** What a fetch failed with: its kind and message. */
async function failureOf(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DocumentError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

/** A resolver that answers every name with `address`, and counts the names it was asked. */
function resolverTo(address: string, family: 4 | 6 = 4): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string) => {
    asked.push(hostname);
    return [{ address, family }];
  };
  return Object.assign(resolve, { asked });
}

const ARTICLE =
  '<!doctype html><title>Libraries</title><article><h1>Libraries</h1><p>Open longer.</p></article>';

describe('fetchPage', () => {
  it('reads a page of an allowed host, with its media type, charset and honest headers', async () => {
    let seen: IncomingHttpHeaders = {};
    const { port, origin } = await serve((request, response) => {
      seen = request.headers;
      response.writeHead(200, { 'Content-Type': 'text/html; charset=ISO-8859-1' });
      response.end(ARTICLE);
    });
    const page = await fetchPage(`${origin}/article`, { allowedHosts: [`127.0.0.1:${port}`] });
    expect(page).toMatchObject({
      url: `${origin}/article`,
      mediaType: 'text/html',
      charset: 'ISO-8859-1',
    });
    expect(page.body.toString('latin1')).toBe(ARTICLE);
    expect(seen['user-agent']).toMatch(/Brevity/);
    expect(seen.accept).toMatch(/^text\/html/);
  });

  it('connects to the address it checked, whatever the name resolves to later', async () => {
    let host = '';
    const { port } = await serve((request, response) => {
      host = request.headers.host ?? '';
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      response.end('checked');
    });
    const resolve = resolverTo('127.0.0.1');
    const page = await fetchPage(`http://intranet.example.test:${port}/notes.txt`, {
      allowedHosts: ['intranet.example.test'],
      resolve,
    });
    expect(page.body.toString()).toBe('checked');
    // Resolved once, and the request still names the host.
    expect(resolve.asked).toEqual(['intranet.example.test']);
    expect(host).toBe(`intranet.example.test:${port}`);
  });

  it('follows redirects, and decompresses what it was sent compressed', async () => {
    const { port, origin } = await serve((request, response) => {
      if (request.url === '/old') {
        response.writeHead(301, { Location: '/new' });
        response.end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      response.end(gzipSync(ARTICLE));
    });
    const page = await fetchPage(`${origin}/old`, { allowedHosts: [`127.0.0.1:${port}`] });
    expect(page.url).toBe(`${origin}/new`);
    expect(page.body.toString()).toBe(ARTICLE);
  });

  it('refuses a loopback address that is not allowed, without connecting', async () => {
    let requests = 0;
    const { origin } = await serve((_request, response) => {
      requests += 1;
      response.end('secret');
    });
    expect(await failureOf(fetchPage(`${origin}/`))).toEqual({
      kind: 'not-allowed',
      message:
        'Only ports 80 and 443 can be read (this address uses ' + origin.split(':')[2] + ').',
    });
    expect(await failureOf(fetchPage('http://127.0.0.1/'))).toEqual({
      kind: 'not-allowed',
      message: 'The address 127.0.0.1 is not on the public internet.',
    });
    expect(requests).toBe(0);
  });

  it('refuses a redirect to an address that is not allowed', async () => {
    let secretRequests = 0;
    const secret = await serve((_request, response) => {
      secretRequests += 1;
      response.end('metadata');
    });
    const { port, origin } = await serve((_request, response) => {
      response.writeHead(302, { Location: `${secret.origin}/latest/meta-data` });
      response.end();
    });
    expect(
      (await failureOf(fetchPage(`${origin}/`, { allowedHosts: [`127.0.0.1:${port}`] }))).kind,
    ).toBe('not-allowed');
    expect(secretRequests).toBe(0);
  });

  it('refuses a name that resolves to an internal address, and never connects', async () => {
    for (const address of [
      '10.0.0.1',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ]) {
      expect(
        await failureOf(
          fetchPage('http://news.example.test/story', { resolve: resolverTo(address) }),
        ),
        address,
      ).toEqual({
        kind: 'not-allowed',
        message: 'The address news.example.test is not on the public internet.',
      });
    }
    for (const address of ['::1', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1', 'ff02::1']) {
      expect(
        (
          await failureOf(
            fetchPage('https://news.example.test/', { resolve: resolverTo(address, 6) }),
          )
        ).kind,
        address,
      ).toBe('not-allowed');
    }
  });

  it('refuses other schemes, credentials and ports, and literal internal addresses', async () => {
    const cases: [string, string][] = [
      ['ftp://example.test/file.txt', 'Only http and https addresses can be read.'],
      ['file:///etc/passwd', 'Only http and https addresses can be read.'],
      ['https://user:pass@example.test/', 'Addresses with a user name or password are not read.'],
      ['http://example.test:8080/', 'Only ports 80 and 443 can be read (this address uses 8080).'],
      ['http://[::1]/', 'The address ::1 is not on the public internet.'],
      ['http://2130706433/', 'The address 127.0.0.1 is not on the public internet.'],
      ['not an address', 'This is not a web address.'],
    ];
    for (const [address, message] of cases) {
      expect(
        await failureOf(fetchPage(address, { resolve: resolverTo('93.184.216.34') })),
        address,
      ).toEqual({
        kind: 'not-allowed',
        message,
      });
    }
  });

  it('says when the name does not resolve or the connection is refused', async () => {
    const missing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(
      await failureOf(fetchPage('https://nowhere.example.test/', { resolve: missing })),
    ).toEqual({
      kind: 'unreachable',
      message: 'The address nowhere.example.test could not be found.',
    });
    const { port } = await serve((_request, response) => response.end());
    const closed = servers.pop();
    await new Promise<void>((resolve) => closed?.close(() => resolve()));
    expect(
      await failureOf(
        fetchPage(`http://127.0.0.1:${port}/`, { allowedHosts: [`127.0.0.1:${port}`] }),
      ),
    ).toEqual({
      kind: 'unreachable',
      message: `The page at 127.0.0.1:${port} could not be reached.`,
    });
  });

  it('names the status of a page that answers 404 or 500', async () => {
    const { port, origin } = await serve((request, response) => {
      response.writeHead(request.url === '/gone' ? 404 : 500);
      response.end('no');
    });
    const options = { allowedHosts: [`127.0.0.1:${port}`] };
    expect(await failureOf(fetchPage(`${origin}/gone`, options))).toEqual({
      kind: 'unreachable',
      message: 'The page answered 404 Not Found.',
    });
    expect((await failureOf(fetchPage(`${origin}/broken`, options))).message).toBe(
      'The page answered 500 Internal Server Error.',
    );
  });

  it('gives up on a page that never finishes, and on one redirect too many', async () => {
    const { port, origin } = await serve((request, response) => {
      if (request.url?.startsWith('/loop')) {
        response.writeHead(302, { Location: `/loop${Number(request.url.slice(5) || 0) + 1}` });
        response.end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.write('<p>Still loading');
    });
    const options = { allowedHosts: [`127.0.0.1:${port}`] };
    const started = Date.now();
    expect(await failureOf(fetchPage(`${origin}/slow`, { ...options, timeoutMs: 300 }))).toEqual({
      kind: 'unreachable',
      message: 'The page did not finish within 0.3 seconds.',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await failureOf(fetchPage(`${origin}/loop`, options))).toEqual({
      kind: 'unreachable',
      message: 'The page redirected more than 5 times.',
    });
  });

  it('refuses a body past the limit, declared or streamed, compressed or not', async () => {
    const big = Buffer.alloc(64 * 1024, 'a');
    const { port, origin } = await serve((request, response) => {
      if (request.url === '/declared') {
        response.writeHead(200, {
          'Content-Type': 'text/plain',
          'Content-Length': String(big.length),
        });
        response.end(big);
      } else if (request.url === '/streamed') {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.end(big);
      } else {
        // A small compressed body that grows past the limit once decompressed.
        response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
        response.end(gzipSync(big));
      }
    });
    const options = { allowedHosts: [`127.0.0.1:${port}`], maxBytes: 32 * 1024 };
    for (const path of ['/declared', '/streamed', '/bomb']) {
      expect((await failureOf(fetchPage(`${origin}${path}`, options))).kind, path).toBe(
        'too-large',
      );
    }
  });
});

describe('isPublicAddress and FETCH_ALLOWED_HOSTS', () => {
  it('takes public unicast addresses only', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      'x',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('reads the allowed hosts, lower-case, with or without a port', () => {
    expect(parseAllowedHosts(' Intranet.Example , 127.0.0.1:8080,, ')).toEqual([
      'intranet.example',
      '127.0.0.1:8080',
    ]);
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });
});
