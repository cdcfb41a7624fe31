import { IncomingMessage } from 'node:http';
import type { Context, Env } from 'hono';
import type { NodeBindings } from './node-bindings';

const EDGE_SPACES = /^[\t ]+|[\t ]+$/g;

/** The value without leading and trailing spaces and tabs, as web Headers keep it. */
function trimSpaces(value: string): string {
  const last = value.length - 1;
  if (last < 0) return value;
  const first = value.charCodeAt(0);
  const end = value.charCodeAt(last);
  return first === 32 || first === 9 || end === 32 || end === 9
    ? value.replace(EDGE_SPACES, '')
    : value;
}

/**
 * A request header, as `c.req.header(name)` gives it (repeated headers joined with ", "), read
 * from Node's raw headers when the request came through the Node server. `c.req.header` builds
 * a web Headers object of every header on the first read; the middleware that run on every
 * request read theirs here instead (issue 13). `name` must be lower case.
 */
export function requestHeader<E extends Env>(c: Context<E>, name: string): string | undefined {
  // No Node request behind it when the app is called in process (app.request in tests).
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (!(incoming instanceof IncomingMessage)) return c.req.header(name);
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length === name.length && key.toLowerCase() === name) {
      const next = trimSpaces(raw[i + 1] as string);
      value = value === undefined ? next : `${value}, ${next}`;
    }
  }
  return value;
}
