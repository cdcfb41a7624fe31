import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './sse';
import type { ServerSentEvent } from './sse';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('yields named events with their data', async () => {
    expect(
      await collect(['event: delta\ndata: {"text":"One."}\n\nevent: done\ndata: {"ok":1}\n\n']),
    ).toEqual([
      { event: 'delta', data: '{"text":"One."}' },
      { event: 'done', data: '{"ok":1}' },
    ]);
  });

  it('joins events split anywhere across chunks, CRLF included', async () => {
    const text = 'event: delta\r\ndata: {"text":"Ünïcode"}\r\n\r\n';
    const bytes = new TextEncoder().encode(text);
    // Byte-level split inside a multi-byte character and between CR and LF.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < bytes.length; index += 3) {
          controller.enqueue(bytes.slice(index, index + 3));
        }
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    for await (const event of readServerSentEvents(stream)) events.push(event);
    expect(events).toEqual([{ event: 'delta', data: '{"text":"Ünïcode"}' }]);
    expect(await collect(['event: a\r', '\ndata: x\r', '\n\r', '\n'])).toEqual([
      { event: 'a', data: 'x' },
    ]);
  });

  it('joins data lines, skips comments and unknown fields, defaults the name to message', async () => {
    expect(
      await collect([': keep-alive\n\nid: 7\ndata: first\ndata:second\nretry: 10\n\n']),
    ).toEqual([{ event: 'message', data: 'first\nsecond' }]);
  });

  it('drops an unterminated last event and events without data', async () => {
    expect(await collect(['event: ping\n\nevent: delta\ndata: cut'])).toEqual([]);
  });
});

describe('readServerSentEvents with a signal', () => {
  it('an abort cancels the body and throws the reason, even while a read is pending', async () => {
    let cancelled: unknown = 'not yet';
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"A."}\n\n'));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of readServerSentEvents(body, controller.signal)) {
        seen.push(event.data);
        controller.abort(new DOMException('Stopped', 'AbortError'));
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['{"text":"A."}']);
    expect(cancelled).toBeInstanceOf(DOMException);
  });
});
