import type { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/app-error';
import type { DocxContent } from './docx-document';
import { startThread, threadEntry } from '../../lib/thread-pool';

/*
 * .docx exports are built and zipped in one worker thread, off the event loop (issue 24: ten
 * parallel exports of a 50,000-character summary held the loop up to 669 ms). The thread is
 * started on the first export and stopped after IDLE_MS without one; it never keeps the
 * process alive. At most MAX_PENDING exports are in the thread or waiting for it; more are
 * refused at once with 503 and Retry-After. An export that takes longer than TIMEOUT_MS, or a
 * thread that dies, fails its exports with 503 and the next export gets a fresh thread.
 */

export interface DocxRequest {
  id: number;
  content: DocxContent;
}

export type DocxReply =
  { id: number; bytes: Uint8Array<ArrayBuffer> } | { id: number; error: string };

const MAX_PENDING = 32;
const TIMEOUT_MS = 30_000;
const IDLE_MS = 30_000;
/** The thread's heap limit: a 500,000-character document packs in well under it. */
const MEMORY_MB = 256;

interface Pending {
  resolve: (bytes: Uint8Array<ArrayBuffer>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

function unavailable(message: string): AppError {
  return new AppError(503, 'SERVICE_UNAVAILABLE', message, undefined, {
    headers: { 'Retry-After': '5' },
  });
}

/** The packing thread and its pending exports; see the comment at the top of this file. */
export class DocxPacker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;

  /** The .docx file of `content`, packed in the thread. */
  pack(content: DocxContent): Promise<Uint8Array<ArrayBuffer>> {
    if (this.pending.size >= MAX_PENDING) {
      return Promise.reject(
        unavailable('The server is busy preparing other downloads. Please try again shortly.'),
      );
    }
    const worker = this.thread();
    clearTimeout(this.idleTimer);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(unavailable('Preparing the Word file took too long. Please try again.'));
      }, TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, content } satisfies DocxRequest);
    });
  }

  /** Stops the thread (tests); pending exports fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.fail(unavailable('The server is stopping.'));
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // src/docx-thread.ts from the sources (vitest, tsx); dist/docx-thread.js beside the bundle.
    const worker = startThread(
      threadEntry(import.meta.url, '../../docx-thread.ts', './docx-thread.js'),
      MEMORY_MB,
    );
    worker.unref();
    worker.on('message', (reply: DocxReply) => this.settle(reply));
    worker.on('error', () => this.fail(unavailable('The Word file could not be prepared.')));
    worker.on('exit', () => {
      if (this.worker === worker) this.fail(unavailable('The Word file could not be prepared.'));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: DocxReply): void {
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    clearTimeout(entry.timer);
    if ('bytes' in reply) entry.resolve(reply.bytes);
    else entry.reject(new Error(`docx packing failed: ${reply.error}`));
    if (this.pending.size === 0) {
      this.idleTimer = setTimeout(() => void this.stopIdle(), IDLE_MS);
      this.idleTimer.unref();
    }
  }

  /** Fails every pending export and drops the thread (the next export starts a fresh one). */
  private fail(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
    this.pending.clear();
    if (worker) void worker.terminate();
  }

  private async stopIdle(): Promise<void> {
    if (this.pending.size > 0 || !this.worker) return;
    const worker = this.worker;
    this.worker = null;
    await worker.terminate();
  }
}

/** The process's packer. */
export const docxPacker = new DocxPacker();
