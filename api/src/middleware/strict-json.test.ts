import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { INVALID_UTF8_MESSAGE } from './strict-json';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.destroy();
});

function registerWithBytes(bytes: Buffer, contentType = 'application/json') {
  return t.request('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: bytes,
  });
}

const json = (name: Buffer, email: string) =>
  Buffer.concat([
    Buffer.from('{"name":"'),
    name,
    Buffer.from(`","email":"${email}","password":"secret1"}`),
  ]);

describe('JSON bodies that are not UTF-8', () => {
  it.each([
    ['a stray continuation byte', Buffer.from([0x41, 0x64, 0x80, 0x61])],
    ['an invalid lead byte', Buffer.from([0x41, 0x64, 0xff, 0xfe])],
    ['a truncated sequence', Buffer.from([0x41, 0x64, 0xe2, 0x82])],
    ['an overlong encoding', Buffer.from([0x41, 0xc0, 0xaf, 0x61])],
  ])('answers 400 for %s inside a string, storing nothing', async (_case, name) => {
    const email = `utf8-${crypto.randomUUID()}@example.com`;
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const res = await registerWithBytes(json(name, email), type);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        message: INVALID_UTF8_MESSAGE,
        errors: [{ field: 'body', message: INVALID_UTF8_MESSAGE }],
      });
    }
    const stored = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(stored).toEqual([]);
  });

  it('accepts real multi-byte UTF-8 and stores it as sent', async () => {
    const email = `utf8-${crypto.randomUUID()}@example.com`;
    const res = await registerWithBytes(json(Buffer.from('Zoë Ñandú 李雷 🙂'), email));
    expect(res.status).toBe(201);
    const stored = await t.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Zoë Ñandú 李雷 🙂');
  });
});
