/**
 * The API benchmark's floors (bench/api.bench.ts), each a bare Hono server:
 * - `bytes`: answers GET /api/summaries with the bytes given in BENCH_BODY_FILE, nothing else;
 * - `db`: verifies the HS256 bearer token (node:crypto), loads the user by primary key, then
 *   reads the page of summaries by index with the totals from the counters row, in one second
 *   round trip, and answers the page as JSON. Postgres only (DATABASE_URL).
 * PORT, JWT_SECRET, DATABASE_URL, DATABASE_POOL_SIZE as for the server.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const mode = process.argv[2];
const port = Number(process.env.PORT);
const app = new Hono();

if (mode === 'bytes') {
  const body = readFileSync(process.env.BENCH_BODY_FILE ?? '');
  app.get('/api/summaries', (c) =>
    c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8' }),
  );
} else if (mode === 'db') {
  const secret = process.env.JWT_SECRET ?? '';
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  const verify = (token: string): { sub: string; tv: number } | null => {
    const [header, payload, mac] = token.split('.');
    if (header === undefined || payload === undefined || mac === undefined) return null;
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub: string;
      tv: number;
      exp: number;
    };
    return claims.exp > Date.now() / 1000 ? claims : null;
  };
  app.get('/api/summaries', async (c) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    const claims = token === undefined ? null : verify(token);
    if (!claims) return c.json({ success: false }, 401);
    const user = await pool.query<{ id: string; token_version: number }>(
      'select id, name, email, role, credits, token_version, created_at, updated_at from users where id = $1',
      [claims.sub],
    );
    const found = user.rows[0];
    if (!found || found.token_version !== claims.tv) return c.json({ success: false }, 401);
    const page = await pool.query<{ totals: unknown; summaries: unknown }>(
      `select (select row_to_json(t) from user_summary_totals t where t.user_id = $1) as totals,
              coalesce((select json_agg(s) from (
                select * from summaries where user_id = $1
                order by created_at desc, id desc limit 10 offset 0) s), '[]') as summaries`,
      [found.id],
    );
    return c.json({ success: true, data: page.rows[0] });
  });
} else {
  throw new Error('usage: floor-server.ts bytes|db');
}

serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
  process.stdout.write('listening\n');
});
