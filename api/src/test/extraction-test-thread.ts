import { threadId } from 'node:worker_threads';
import { DocumentError } from '../documents/document-error';
import type { ExtractedText, ExtractionRequest } from '../documents/file-extraction';
import { serveTasks } from '../lib/thread-pool';

/*
 * A stand-in extraction thread for the pool's tests: it speaks the real protocol (serveTasks),
 * and the request's bytes (UTF-8) say what to do, so each limit can be hit on purpose:
 * `echo:<text>` answers the text, `sleep:<ms>` answers after waiting, `spin` never returns,
 * `heap` fills the JavaScript heap, `buffers` fills memory outside it, `exit` ends the
 * thread, `throw` fails unexpectedly, `thread` answers the thread's id, `limit` refuses the
 * file with a 413 as a reading limit does. Not used by the server.
 */

const hoard: unknown[] = [];

async function answer(request: ExtractionRequest): Promise<ExtractedText> {
  const command = Buffer.from(request.bytes).toString('utf8');
  const [verb = '', argument = ''] = command.split(/:(.*)/s);
  switch (verb) {
    case 'echo':
      return { text: argument };
    case 'sleep':
      await new Promise((resolve) => setTimeout(resolve, Number(argument)));
      return { text: `slept ${argument}` };
    case 'spin':
      for (;;) hoard.length = 0;
    case 'heap':
      for (;;) hoard.push({ value: Math.random(), label: `item ${hoard.length}` });
    case 'buffers':
      for (;;) {
        hoard.push(Buffer.alloc(4 * 1024 * 1024, 1));
        // Let the pool's memory check run between allocations, as pdf.js does between chunks.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    case 'thread':
      return { text: String(threadId) };
    case 'limit':
      throw new DocumentError('too-large', 'Past a reading limit');
    case 'exit':
      return process.exit(3);
    default:
      throw new Error(`unknown command ${verb}`);
  }
}

serveTasks<ExtractionRequest, ExtractedText>(answer);
