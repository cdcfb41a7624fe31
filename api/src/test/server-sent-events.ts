/** One server-sent event as a test reads it: its name and its data parsed as JSON. */
export interface ReceivedEvent {
  event: string;
  data: unknown;
}

/**
 * Reads an event stream as it arrives: `next()` resolves with the next event (comments, such
 * as keep-alives, skipped), or null once the stream has ended.
 */
export function readEvents(body: ReadableStream<Uint8Array>): {
  next(): Promise<ReceivedEvent | null>;
  /** Every event still to come, until the end. */
  rest(): Promise<ReceivedEvent[]>;
  cancel(): Promise<void>;
} {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  function parse(block: string): ReceivedEvent | null {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return null;
    return { event, data: JSON.parse(data.join('\n')) as unknown };
  }

  async function next(): Promise<ReceivedEvent | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const parsed = parse(block);
        if (parsed) return parsed;
        continue;
      }
      const { done, value } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
    }
  }

  return {
    next,
    async rest() {
      const events: ReceivedEvent[] = [];
      for (let event = await next(); event !== null; event = await next()) events.push(event);
      return events;
    },
    cancel: () => reader.cancel(),
  };
}
