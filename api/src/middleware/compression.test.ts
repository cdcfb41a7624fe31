import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, compressJson } from './compression';

const big = { items: Array.from({ length: 200 }, (_, index) => ({ index, text: 'summary text' })) };
const small = { success: true, data: { status: 'ok' } };

const app = new Hono()
  .use(compressJson())
  .get('/big', (c) => c.json(big))
  .get('/small', (c) => c.json(small))
  .get('/no-transform', (c) => {
    c.header('Cache-Control', 'no-transform');
    return c.json(big);
  })
  .get('/text', (c) => c.text('x'.repeat(5_000)))
  .get('/events', (c) =>
    streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: 'delta', data: JSON.stringify(big) });
    }),
  )
  .get('/error', (c) => c.json({ success: false, code: 'X', message: 'y'.repeat(2_000) }, 422));

async function get(path: string, acceptEncoding?: string) {
  const headers: Record<string, string> = acceptEncoding
    ? { 'Accept-Encoding': acceptEncoding }
    : {};
  const res = await app.request(path, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('compressJson', () => {
  it('sends brotli to a client that accepts it, with the exact length and Vary', async () => {
    const { res, body } = await get('/big', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(JSON.parse(brotliDecompressSync(body).toString('utf8'))).toEqual(big);
    expect(body.length).toBeLessThan(JSON.stringify(big).length / 4);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const { res, body } = await get('/big', 'gzip');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(big);
  });

  it('sends the plain body, still marked Vary, to a client that asks for no coding', async () => {
    const { res, body } = await get('/big');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(JSON.parse(body.toString('utf8'))).toEqual(big);
    const refused = await get('/big', 'br;q=0, gzip;q=0');
    expect(refused.res.headers.get('Content-Encoding')).toBeNull();
  });

  it(`leaves answers under ${COMPRESSION_THRESHOLD_BYTES} bytes as they are`, async () => {
    const { res, body } = await get('/small', 'br');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(JSON.parse(body.toString('utf8'))).toEqual(small);
  });

  it('compresses error envelopes too, keeping their status', async () => {
    const { res, body } = await get('/error', 'br');
    expect(res.status).toBe(422);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(body).toString('utf8'))).toMatchObject({ code: 'X' });
  });

  it('never touches event streams, other types, or no-transform answers', async () => {
    for (const path of ['/events', '/text', '/no-transform']) {
      const { res } = await get(path, 'br, gzip');
      expect(res.headers.get('Content-Encoding'), path).toBeNull();
    }
    const events = await get('/events', 'br');
    expect(events.res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(events.body.toString('utf8')).toContain('event: delta');
  });
});
