import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/*
 * Work that could hold the event loop (reading a hostile web page, summarizing a 500,000-
 * character report) runs in worker threads: a small pool started on demand, reused task after
 * task, stopped when idle, with a queue in front. Each thread has a heap limit and each task a
 * time limit; past either the thread is terminated, the task fails with the pool's error for
 * it, and the next task gets a fresh thread. A task the thread refuses on purpose (an error
 * with a `kind`, say a DocumentError) comes back as the pool's error for that kind and keeps the
 * thread; any other failure ends the thread, which is not trusted with the next task.
 *
 * The thread's side is `serveTasks` (one call in the thread's entry module).
 */

/** Main thread to worker: run this task. */
interface TaskRequest<Request> {
  id: number;
  request: Request;
}

/** Worker to main thread: it started, or the outcome of one task. */
type TaskMessage<Response> =
  | { type: 'ready' }
  | { type: 'done'; id: number; response: Response }
  | { type: 'refused'; id: number; kind: string; message: string }
  | { type: 'failed'; id: number; message: string };

/** The errors a pool's callers see; each names its kind of work in its own words. */
export interface ThreadPoolErrors {
  /** The task ran out of the thread's memory. */
  outOfMemory(): Error;
  /** The task took longer than its time limit. */
  timedOut(): Error;
  /** Too many tasks wait already. */
  busy(): Error;
  /** The thread refused the task on purpose: `kind` and `message` as it threw them. */
  refused(kind: string, message: string): Error;
}

export interface ThreadPoolOptions {
  /** What the threads do, for the messages of unexpected failures ("an article thread"). */
  name: string;
  /** The thread's module (serveTasks in it); a .ts entry runs through tsx (tests, tsx). */
  entry: URL;
  errors: ThreadPoolErrors;
  /** Threads at most. */
  concurrency: number;
  /** Each thread's heap limit, in MB. */
  memoryMb: number;
  /** An idle thread is stopped after this long, in ms. Default 30 s. */
  idleMs?: number | undefined;
  /** Tasks that may wait for a thread; more are refused at once (errors.busy). Default 32. */
  maxQueued?: number | undefined;
}

export interface RunOptions {
  /** The task's time limit, from when a thread takes it, in ms. */
  timeoutMs: number;
  /** Buffers of the request handed over to the thread (not copied; unusable afterwards). */
  transfer?: ArrayBuffer[];
}

/** A thread that has not started in this long is taken as broken. */
const STARTUP_LIMIT_MS = 60_000;

/**
 * Where a thread's bundled entry is, or its source: from the sources (vitest, tsx) `source`
 * beside the calling module `here`; bundled, `here` is part of dist/server.js or dist/worker.js
 * and the thread is the build's entry `bundled` in dist/.
 */
export function threadEntry(here: string, source: string, bundled: string): URL {
  return here.endsWith('.ts') ? new URL(source, here) : new URL(bundled, here);
}

/** A worker thread on `entry` (a .ts entry through tsx) with a heap limit. */
export function startThread(entry: URL, memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits });
  // Node 20 does not pass tsx's loader on to worker threads: the thread imports its entry
  // through tsx's API instead (require.resolve finds its CommonJS file; the ES module is beside).
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  const tsx = pathToFileURL(path.join(path.dirname(api), 'index.mjs')).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(boot, { eval: true, resourceLimits });
}

interface Task<Request, Response> {
  id: number;
  request: Request;
  options: RunOptions;
  resolve: (response: Response) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

interface Slot<Request, Response> {
  worker: Worker;
  ready: boolean;
  task: Task<Request, Response> | null;
  timer: NodeJS.Timeout | undefined;
}

/** A pool of threads running one kind of task; see the comment at the top of this file. */
export class ThreadPool<Request, Response> {
  private readonly options: ThreadPoolOptions & { idleMs: number; maxQueued: number };
  private readonly slots = new Set<Slot<Request, Response>>();
  private readonly queue: Task<Request, Response>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: ThreadPoolOptions) {
    // `??`, not a spread: an option given as undefined takes the default too.
    this.options = {
      ...options,
      idleMs: options.idleMs ?? 30_000,
      maxQueued: options.maxQueued ?? 32,
    };
  }

  /** Threads alive now (tests). */
  get threadCount(): number {
    return this.slots.size;
  }

  /** Runs one task in a thread: its response, or the pool's error for what went wrong. */
  run(request: Request, options: RunOptions): Promise<Response> {
    if (this.closed) return Promise.reject(this.closedError());
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(this.options.errors.busy());
    }
    return new Promise<Response>((resolve, reject) => {
      this.queue.push({ id: this.nextId, request, options, resolve, reject, timer: undefined });
      this.nextId += 1;
      this.pump();
    });
  }

  /** Refuses new tasks, fails the waiting ones and stops every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(this.closedError());
    await Promise.all([...this.slots].map((slot) => this.stop(slot, null)));
  }

  private closedError(): Error {
    return new Error(`The pool of ${this.options.name} threads is closed`);
  }

  /** Gives waiting tasks to idle threads, starting threads up to the concurrency. */
  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const idle = [...this.slots].find((slot) => slot.ready && slot.task === null);
      if (idle === undefined && this.slots.size >= this.options.concurrency) return;
      const slot = idle ?? this.start();
      slot.task = this.queue.shift() ?? null;
      slot.worker.ref();
      if (slot.ready) this.send(slot);
    }
  }

  private start(): Slot<Request, Response> {
    const worker = startThread(this.options.entry, this.options.memoryMb);
    const slot: Slot<Request, Response> = { worker, ready: false, task: null, timer: undefined };
    slot.timer = setTimeout(
      () => void this.stop(slot, new Error(`A ${this.options.name} thread did not start in time`)),
      STARTUP_LIMIT_MS,
    );
    this.slots.add(slot);
    worker.on('message', (message: TaskMessage<Response>) => this.receive(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? this.options.errors.outOfMemory()
          : new Error(`A ${this.options.name} thread failed`, { cause: error });
      void this.stop(slot, failure);
    });
    worker.on('exit', (code) => {
      void this.stop(slot, new Error(`A ${this.options.name} thread exited with code ${code}`));
    });
    return slot;
  }

  private send(slot: Slot<Request, Response>): void {
    const task = slot.task;
    if (task === null) return;
    clearTimeout(slot.timer);
    task.timer = setTimeout(
      () => void this.stop(slot, this.options.errors.timedOut()),
      task.options.timeoutMs,
    );
    const message: TaskRequest<Request> = { id: task.id, request: task.request };
    slot.worker.postMessage(message, task.options.transfer ?? []);
  }

  private receive(slot: Slot<Request, Response>, message: TaskMessage<Response>): void {
    if (message.type === 'ready') {
      slot.ready = true;
      if (slot.task !== null) this.send(slot);
      else this.idle(slot);
      this.pump();
      return;
    }
    const task = slot.task;
    if (task === null || task.id !== message.id) return;
    clearTimeout(task.timer);
    slot.task = null;
    if (message.type === 'done') task.resolve(message.response);
    else if (message.type === 'refused') {
      task.reject(this.options.errors.refused(message.kind, message.message));
    } else {
      task.reject(new Error(`A ${this.options.name} thread failed: ${message.message}`));
      // A thread that failed is not trusted with the next task.
      void this.stop(slot, null);
      return;
    }
    this.idle(slot);
    this.pump();
  }

  /** An idle thread does not keep the process alive, and is stopped after idleMs. */
  private idle(slot: Slot<Request, Response>): void {
    slot.worker.unref();
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => void this.stop(slot, null), this.options.idleMs);
    slot.timer.unref();
  }

  /** Ends a thread: its task, if any, fails with `failure`; waiting tasks get a new thread. */
  private async stop(slot: Slot<Request, Response>, failure: Error | null): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    const task = slot.task;
    slot.task = null;
    if (task !== null) {
      clearTimeout(task.timer);
      task.reject(failure ?? new Error(`A ${this.options.name} thread stopped`));
    }
    this.pump();
    await slot.worker.terminate();
  }
}

/**
 * The thread's side of a ThreadPool, called once by its entry module: says it is ready, then
 * runs one task at a time with `handle`. An error with a string `kind` (a refusal on purpose)
 * goes back as such; any other is a failure, and the pool ends the thread.
 */
export function serveTasks<Request, Response>(
  handle: (request: Request) => Response | Promise<Response>,
): void {
  const port = parentPort;
  if (port === null) throw new Error('serveTasks runs only in a worker thread');
  port.on('message', (message: TaskRequest<Request>) => {
    void (async (): Promise<TaskMessage<Response>> => {
      try {
        return { type: 'done', id: message.id, response: await handle(message.request) };
      } catch (error) {
        const kind = (error as { kind?: unknown } | null)?.kind;
        if (error instanceof Error && typeof kind === 'string') {
          return { type: 'refused', id: message.id, kind, message: error.message };
        }
        return { type: 'failed', id: message.id, message: String(error) };
      }
    })().then((answer) => port.postMessage(answer));
  });
  port.postMessage({ type: 'ready' } satisfies TaskMessage<Response>);
}
