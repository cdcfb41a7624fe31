import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/*
 * Work that could hold the event loop (reading a hostile file or web page, summarizing a
 * 500,000-character report) runs in worker threads: a small pool started on demand, reused task
 * after task, stopped when idle, with a queue in front. Each thread has a heap limit and each
 * task a time limit; past either the thread is terminated, the task fails with the pool's error
 * for it, and the next task gets a fresh thread. A task the thread refuses on purpose (an error
 * with a `kind`, say a DocumentError) comes back as the pool's error for that kind and keeps the
 * thread (unless retireAfterRefusal says otherwise); any other failure ends the thread, which is
 * not trusted with the next task.
 *
 * Fair under load: a task may name its owner (RunOptions.owner). Each owner has at most
 * perOwnerConcurrency tasks running and maxQueuedPerOwner waiting (past that the owner alone is
 * refused, errors.ownerBusy), and threads take the owners' tasks in turn (round robin), so one
 * owner's many tasks wait behind each other, not in front of another owner's. Tasks given no
 * owner share one queue, first come first served, with no per-owner limit. A task may also be
 * given up (RunOptions.signal: out of the queue, or its thread stopped) and may wait at most
 * waitLimitMs for a thread (errors.busy past it). With memoryCheckMs, memory outside the heap
 * (typed arrays, which a heap limit does not cover) is watched too: if the process grows by more
 * than the running threads' share, they are stopped as out of memory.
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
export interface ThreadPoolErrors<Request = unknown> {
  /** The task ran out of the thread's memory (or, watched, of its share outside the heap). */
  outOfMemory(): Error;
  /** The task took longer than its time limit. */
  timedOut(): Error;
  /** Too many tasks wait already, or the task waited longer than its waitLimitMs. */
  busy(): Error;
  /** The task's owner has maxQueuedPerOwner tasks waiting already. Default: busy(). */
  ownerBusy?(): Error;
  /** The thread refused the task on purpose: `kind` and `message` as it threw them. */
  refused(kind: string, message: string): Error;
  /** The task failed unexpectedly in its thread. Default: "A <name> thread failed: <message>". */
  failed?(request: Request, message: string): Error;
}

export interface ThreadPoolOptions<Request = unknown> {
  /** What the threads do, for the messages of unexpected failures ("article": "An article thread"). */
  name: string;
  /** The thread's module (serveTasks in it); a .ts entry runs through tsx (tests, tsx). */
  entry: URL;
  errors: ThreadPoolErrors<Request>;
  /** Threads at most. */
  concurrency: number;
  /** Each thread's heap limit, in MB. */
  memoryMb: number;
  /** An idle thread is stopped after this long, in ms. Default 30 s. */
  idleMs?: number | undefined;
  /** Tasks that may wait for a thread; more are refused at once (errors.busy). Default 32. */
  maxQueued?: number | undefined;
  /** Tasks of one owner running at once. Default: the concurrency. */
  perOwnerConcurrency?: number | undefined;
  /** Tasks of one owner that may wait; more are refused at once (errors.ownerBusy). Default: no limit. */
  maxQueuedPerOwner?: number | undefined;
  /**
   * How often the process's memory is checked while tasks run, in ms; past memoryMb per running
   * thread since the earliest of them started, the running threads are stopped
   * (errors.outOfMemory). Default: not checked.
   */
  memoryCheckMs?: number | undefined;
  /** Whether a thread that refused `request` for `kind` is stopped instead of kept. Default: kept. */
  retireAfterRefusal?: ((request: Request, kind: string) => boolean) | undefined;
}

export interface RunOptions {
  /** The task's time limit, from when a thread takes it, in ms. */
  timeoutMs: number;
  /** Buffers of the request handed over to the thread (not copied; unusable afterwards). */
  transfer?: ArrayBuffer[];
  /** Whose task it is, for the fair shares (see the top of this file); none: the shared queue. */
  owner?: string | undefined;
  /** Gives the task up: it leaves the queue, or its thread is stopped; it fails with the reason. */
  signal?: AbortSignal | undefined;
  /** A task that waited this long for a thread fails with errors.busy, in ms. Default: no limit. */
  waitLimitMs?: number | undefined;
}

/** A thread that has not started in this long is taken as broken. */
const STARTUP_LIMIT_MS = 60_000;
const MEGABYTE = 1024 * 1024;
/** The queue key of tasks given no owner: they share it, with no per-owner limit. */
const NO_OWNER = '';

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
  owner: string;
  request: Request;
  options: RunOptions;
  resolve: (response: Response) => void;
  reject: (error: Error) => void;
  /** Set while the task waits in the queue with a waitLimitMs. */
  queueTimer: NodeJS.Timeout | undefined;
  /** Set once the thread has the task: its time limit. */
  runTimer: NodeJS.Timeout | undefined;
  /** The process's RSS when the thread got the task. */
  rssAtStart: number;
}

interface Slot<Request, Response> {
  worker: Worker;
  ready: boolean;
  task: Task<Request, Response> | null;
  timer: NodeJS.Timeout | undefined;
}

type PoolSettings<Request> = ThreadPoolOptions<Request> & {
  idleMs: number;
  maxQueued: number;
  perOwnerConcurrency: number;
  maxQueuedPerOwner: number;
};

/** A pool of threads running one kind of task; see the comment at the top of this file. */
export class ThreadPool<Request, Response> {
  private readonly options: PoolSettings<Request>;
  /** "An article thread", "A comparison thread": the subject of the failures' messages. */
  private readonly thread: string;
  private readonly slots = new Set<Slot<Request, Response>>();
  /** Waiting tasks by owner. */
  private readonly queues = new Map<string, Task<Request, Response>[]>();
  /** When each owner with tasks waiting or running last had one taken (round robin). */
  private readonly lastServed = new Map<string, number>();
  private serveCount = 0;
  private queued = 0;
  /** Tasks running, by owner. */
  private readonly running = new Map<string, number>();
  private watchdog: NodeJS.Timeout | undefined;
  private nextId = 1;
  private closed = false;

  constructor(options: ThreadPoolOptions<Request>) {
    // `??`, not a spread: an option given as undefined takes the default too.
    this.options = {
      ...options,
      idleMs: options.idleMs ?? 30_000,
      maxQueued: options.maxQueued ?? 32,
      perOwnerConcurrency: options.perOwnerConcurrency ?? options.concurrency,
      maxQueuedPerOwner: options.maxQueuedPerOwner ?? Infinity,
    };
    this.thread = `${/^[aeiou]/i.test(options.name) ? 'An' : 'A'} ${options.name} thread`;
  }

  /** Threads alive now (tests and measurements). */
  get threadCount(): number {
    return this.slots.size;
  }

  /**
   * The error a task of `owner` would be refused with at once (the pool closed, the owner's
   * share of the queue or the queue full), or undefined when it would be taken: for a caller
   * that would rather not prepare a request (copy its bytes) only to see it refused.
   */
  refusal(owner?: string): Error | undefined {
    if (this.closed) return this.closedError();
    const { errors } = this.options;
    const key = owner ?? NO_OWNER;
    const waiting = this.queues.get(key)?.length ?? 0;
    if (key !== NO_OWNER && waiting >= this.options.maxQueuedPerOwner) {
      return errors.ownerBusy?.() ?? errors.busy();
    }
    if (this.queued >= this.options.maxQueued) return errors.busy();
    return undefined;
  }

  /** Runs one task in a thread: its response, or the pool's error for what went wrong. */
  run(request: Request, options: RunOptions): Promise<Response> {
    if (this.closed) return Promise.reject(this.closedError());
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const { errors } = this.options;
    const owner = options.owner ?? NO_OWNER;
    const refused = this.refusal(owner);
    if (refused !== undefined) return Promise.reject(refused);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => this.abandon(task, signal?.reason);
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const task: Task<Request, Response> = {
        id: this.nextId,
        owner,
        request,
        options,
        resolve: (response) => {
          settled();
          resolve(response);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
        queueTimer: undefined,
        runTimer: undefined,
        rssAtStart: 0,
      };
      this.nextId += 1;
      if (options.waitLimitMs !== undefined) {
        task.queueTimer = setTimeout(() => {
          this.dequeue(task);
          task.reject(errors.busy());
        }, options.waitLimitMs);
      }
      const queue = this.queues.get(owner);
      if (queue === undefined) this.queues.set(owner, [task]);
      else queue.push(task);
      this.queued += 1;
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pump();
    });
  }

  /** Refuses new tasks, fails the waiting and running ones and stops every thread. */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = [...this.queues.values()].flat();
    this.queues.clear();
    this.queued = 0;
    for (const task of waiting) {
      clearTimeout(task.queueTimer);
      task.reject(this.closedError());
    }
    await Promise.all([...this.slots].map((slot) => this.stop(slot, this.closedError())));
  }

  private closedError(): Error {
    return new Error(`The pool of ${this.options.name} threads is closed`);
  }

  /** A task given up: out of the queue, or its thread stopped if it is running. */
  private abandon(task: Task<Request, Response>, reason: unknown): void {
    const failure = reason instanceof Error ? reason : new Error(String(reason));
    if (this.queues.get(task.owner)?.includes(task)) {
      this.dequeue(task);
      clearTimeout(task.queueTimer);
      task.reject(failure);
      return;
    }
    const slot = [...this.slots].find((candidate) => candidate.task === task);
    if (slot !== undefined) void this.stop(slot, failure);
  }

  /** Takes a waiting task out of its owner's queue. */
  private dequeue(task: Task<Request, Response>): void {
    const queue = this.queues.get(task.owner);
    const index = queue?.indexOf(task) ?? -1;
    if (queue === undefined || index === -1) return;
    queue.splice(index, 1);
    this.queued -= 1;
    if (queue.length === 0) this.queues.delete(task.owner);
  }

  /**
   * The next task to run: of the owners with a task waiting and fewer than
   * perOwnerConcurrency running, the one served longest ago (round robin; an owner new to the
   * pool first). Tasks given no owner may take every thread.
   */
  private nextTask(): Task<Request, Response> | undefined {
    let next: Task<Request, Response> | undefined;
    let nextServed = Infinity;
    for (const [owner, queue] of this.queues) {
      const limit =
        owner === NO_OWNER ? this.options.concurrency : this.options.perOwnerConcurrency;
      const served = this.lastServed.get(owner) ?? -1;
      if ((this.running.get(owner) ?? 0) >= limit || served >= nextServed) continue;
      next = queue[0];
      nextServed = served;
    }
    if (next === undefined) return undefined;
    this.dequeue(next);
    this.serveCount += 1;
    this.lastServed.set(next.owner, this.serveCount);
    this.running.set(next.owner, (this.running.get(next.owner) ?? 0) + 1);
    return next;
  }

  /** A task no longer runs: its owner may have another run. */
  private finished(task: Task<Request, Response>): void {
    const count = (this.running.get(task.owner) ?? 1) - 1;
    if (count > 0) this.running.set(task.owner, count);
    else {
      this.running.delete(task.owner);
      if (!this.queues.has(task.owner)) this.lastServed.delete(task.owner);
    }
  }

  /** Gives waiting tasks to idle threads, starting threads up to the concurrency. */
  private pump(): void {
    while (this.queued > 0 && !this.closed) {
      const idle = [...this.slots].find((slot) => slot.ready && slot.task === null);
      if (idle === undefined && this.slots.size >= this.options.concurrency) return;
      const task = this.nextTask();
      if (task === undefined) return;
      const slot = idle ?? this.start();
      clearTimeout(task.queueTimer);
      slot.task = task;
      slot.worker.ref();
      // A thread still starting keeps its start-up limit; send() replaces it with the task's.
      if (slot.ready) this.send(slot);
    }
  }

  private start(): Slot<Request, Response> {
    const worker = startThread(this.options.entry, this.options.memoryMb);
    const slot: Slot<Request, Response> = { worker, ready: false, task: null, timer: undefined };
    slot.timer = setTimeout(
      () => void this.stop(slot, new Error(`${this.thread} did not start in time`)),
      STARTUP_LIMIT_MS,
    );
    this.slots.add(slot);
    worker.on('message', (message: TaskMessage<Response>) => this.receive(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? this.options.errors.outOfMemory()
          : new Error(`${this.thread} failed`, { cause: error });
      void this.stop(slot, failure);
    });
    worker.on('exit', (code) => {
      void this.stop(slot, new Error(`${this.thread} exited with code ${code}`));
    });
    return slot;
  }

  private send(slot: Slot<Request, Response>): void {
    const task = slot.task;
    if (task === null) return;
    clearTimeout(slot.timer);
    task.rssAtStart = process.memoryUsage.rss();
    task.runTimer = setTimeout(
      () => void this.stop(slot, this.options.errors.timedOut()),
      task.options.timeoutMs,
    );
    const message: TaskRequest<Request> = { id: task.id, request: task.request };
    slot.worker.postMessage(message, task.options.transfer ?? []);
    this.watchMemory();
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
    clearTimeout(task.runTimer);
    slot.task = null;
    this.finished(task);
    const { errors, retireAfterRefusal } = this.options;
    if (message.type === 'done') task.resolve(message.response);
    else if (message.type === 'refused') {
      task.reject(errors.refused(message.kind, message.message));
    } else {
      task.reject(
        errors.failed?.(task.request, message.message) ??
          new Error(`${this.thread} failed: ${message.message}`),
      );
    }
    // A thread that failed is not trusted with the next task, nor one its pool retires after
    // this refusal (say, what it allocated outside the heap goes with it).
    if (
      message.type === 'failed' ||
      (message.type === 'refused' && retireAfterRefusal?.(task.request, message.kind) === true)
    ) {
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
      clearTimeout(task.runTimer);
      this.finished(task);
      task.reject(failure ?? new Error(`${this.thread} stopped`));
    }
    this.pump();
    await slot.worker.terminate();
  }

  /**
   * With memoryCheckMs, while threads run tasks, checks that often that the process has not
   * grown by more than memoryMb per running thread since the earliest of them started; past
   * that, the running threads are stopped (their memory may be typed arrays, which no heap
   * limit sees).
   */
  private watchMemory(): void {
    const { memoryCheckMs } = this.options;
    if (memoryCheckMs === undefined || this.watchdog !== undefined) return;
    this.watchdog = setInterval(() => {
      const running = [...this.slots].filter((slot) => slot.task?.runTimer !== undefined);
      if (running.length === 0) {
        clearInterval(this.watchdog);
        this.watchdog = undefined;
        return;
      }
      const baseline = Math.min(...running.map((slot) => slot.task?.rssAtStart ?? Infinity));
      const allowed = running.length * this.options.memoryMb * MEGABYTE;
      if (process.memoryUsage.rss() - baseline > allowed) {
        for (const slot of running) void this.stop(slot, this.options.errors.outOfMemory());
      }
    }, memoryCheckMs);
    this.watchdog.unref();
  }
}

/**
 * The thread's side of a ThreadPool, called once by its entry module: says it is ready, then
 * runs one task at a time with `handle`. An error with a string `kind` (a refusal on purpose)
 * goes back as such; any other is a failure (with its stack), and the pool ends the thread.
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
        const failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
        return { type: 'failed', id: message.id, message: failure };
      }
    })().then((answer) => port.postMessage(answer));
  });
  port.postMessage({ type: 'ready' } satisfies TaskMessage<Response>);
}
