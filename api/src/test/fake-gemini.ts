import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake Gemini REST endpoint on 127.0.0.1 (the SDK's `baseUrl`), for the API's tests and the
 * Playwright journey (shell/e2e/gemini.spec.ts imports it). Node's own modules only.
 */

export interface FakeGeminiRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** performance.now() when the request ended. */
  at: number;
  /** Whether it asked for a stream (`:streamGenerateContent`). */
  streamed: boolean;
}

/** Answers one request. */
export type GeminiResponder = (response: ServerResponse, request: FakeGeminiRequest) => void;

export interface FakeGemini {
  baseUrl: string;
  /** Every request since the last `answer`. */
  requests: FakeGeminiRequest[];
  /** The n-th request from now gets the n-th responder; the last one repeats. */
  answer(...responders: GeminiResponder[]): void;
  close(): Promise<void>;
}

export interface GeminiItem {
  text: string;
  /** The numbers of the document's sentences the item draws on (from 1). */
  sources: number[];
}

export function geminiJson(status: number, body: unknown): GeminiResponder {
  return (response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

/** An error as Gemini sends one, with optional `details`. */
export function geminiFailure(status: number, details?: unknown[]): GeminiResponder {
  return geminiJson(status, {
    error: {
      code: status,
      message: `failure ${status}`,
      status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE',
      ...(details ? { details } : {}),
    },
  });
}

/** A 429 asking to wait `retryDelay` ("37s"). */
export function geminiRateLimited(retryDelay: string): GeminiResponder {
  return geminiFailure(429, [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }]);
}

/** Gemini's answer to a bad key: HTTP 400, INVALID_ARGUMENT, reason API_KEY_INVALID. */
export const geminiBadKey: GeminiResponder = geminiJson(400, {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
      },
    ],
  },
});

export interface GeminiAnswerOptions {
  modelVersion?: string;
  /** For a streamed request: characters of the answer's JSON per event (default 20). */
  pieceSize?: number;
  /** For a streamed request: the wait between events, in ms (default 15). */
  gapMs?: number;
  /** For a streamed request: send no more after this piece (from 0); hold the connection open. */
  holdAfter?: number;
  /** Called when the client leaves a streamed answer before its end (a cancelled request). */
  onAbandoned?: () => void;
}

function chunkOf(text: string, last: boolean, modelVersion: string | undefined): unknown {
  return {
    candidates: [
      {
        content: { role: 'model', parts: [{ text }] },
        ...(last ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    ...(modelVersion ? { modelVersion } : {}),
  };
}

/**
 * Gemini's structured answer `{ items }`: whole for `generateContent`, and for
 * `streamGenerateContent` as server-sent events of `pieceSize` characters, `gapMs` apart.
 */
export function geminiAnswer(
  items: GeminiItem[],
  options: GeminiAnswerOptions = {},
): GeminiResponder {
  const text = JSON.stringify({ items });
  return (response, request) => {
    if (!request.streamed) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(chunkOf(text, true, options.modelVersion)));
      return;
    }
    const size = options.pieceSize ?? 20;
    const pieces: string[] = [];
    for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    let index = 0;
    let ended = false;
    response.on('close', () => {
      if (!ended) options.onAbandoned?.();
    });
    const next = (): void => {
      if (response.destroyed) return;
      if (options.holdAfter !== undefined && index > options.holdAfter) return;
      if (index === pieces.length) {
        ended = true;
        response.end();
        return;
      }
      const chunk = chunkOf(pieces[index] ?? '', index === pieces.length - 1, options.modelVersion);
      response.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
      index += 1;
      setTimeout(next, options.gapMs ?? 15);
    };
    next();
  };
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Starts the fake on 127.0.0.1 (`port` 0: any free one); it answers with `responders`. */
export async function startFakeGemini(
  responders: GeminiResponder[] = [],
  port = 0,
): Promise<FakeGemini> {
  let script = responders;
  const requests: FakeGeminiRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded: FakeGeminiRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: parsed(Buffer.concat(chunks).toString('utf8')),
        at: performance.now(),
        streamed: (request.url ?? '').includes(':streamGenerateContent'),
      };
      requests.push(recorded);
      const responder = script[Math.min(requests.length, script.length) - 1];
      if (responder) responder(response, recorded);
      else geminiFailure(500)(response, recorded);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    answer(...next) {
      script = next;
      requests.splice(0);
    },
    async close() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
