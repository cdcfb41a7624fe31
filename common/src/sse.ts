/** One server-sent event: its `event` name (`message` when none is given) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` body (the WHATWG event-stream format) and yields its events as
 * they complete. Handles CRLF, CR and LF line ends, comments, multi-line data and events split
 * across chunks; `id` and `retry` are ignored (a POST is never re-sent). Cancelling the loop
 * (break) releases the reader; aborting `signal` cancels the body and throws its reason.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // An abort ends a pending read at once, whatever the body's source does with it.
  const cancel = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let sawField = false;

  const takeLine = (line: string): ServerSentEvent | null => {
    if (line === '') {
      const ready =
        sawField && data.length > 0 ? { event: event || 'message', data: data.join('\n') } : null;
      event = '';
      data = [];
      sawField = false;
      return ready;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else return null;
    sawField = true;
    return null;
  };

  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      // A lone CR at the end may be the first half of a CRLF: keep it for the next chunk.
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        if (char === '\r' && index === buffer.length - 1) break;
        const ready = takeLine(buffer.slice(start, index));
        if (char === '\r' && buffer[index + 1] === '\n') index += 1;
        start = index + 1;
        if (ready) yield ready;
      }
      buffer = buffer.slice(start);
    }
    // The stream ended: an unterminated last event is dropped, as the format says.
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
