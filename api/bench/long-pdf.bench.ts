/**
 * `pnpm --filter api bench:long-pdf` (issue 27): a 500,000-character PDF summarized end to end
 * by the local summarizer on the production server (dist/server.js, NODE_ENV=production, the
 * embedded PGlite in a temporary folder), as a user sends it: POST /api/summaries/upload over
 * HTTP. Prints the upload's wall time, the server's resident memory before and at its peak
 * (/proc/<pid>/status VmRSS and VmHWM), and the slowest answer of GET /api/health, asked every
 * 50 ms while the document is read and summarized. BENCH_DATABASE_URL runs the server on that
 * Postgres database instead (it is migrated; nothing is dropped).
 *
 * With BENCH_SCANS=1 it also uploads a scanned PDF of 10 pages (OCR), built from the page
 * images of `<repo>/../shared/data/ocr` (or BENCH_DATA_DIR), never copied into the repository.
 *
 * Needs `pnpm --filter api build` first. BENCH_PORT (default 4260). Exits 1 when an upload is
 * refused, or the health probe answers in 100 ms or more while the scanned PDF is read.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTextPdf } from '../src/test/pdf-builder';
import type { TextPageSpec } from '../src/test/pdf-builder';

const here = dirname(fileURLToPath(import.meta.url));
const serverPath = resolve(here, '..', 'dist/server.js');
const port = Number(process.env.BENCH_PORT ?? 4260);
const base = `http://127.0.0.1:${port}`;
const dataDir = process.env.BENCH_DATA_DIR ?? resolve(here, '..', '..', '..', 'shared', 'data');
const TARGET_CHARS = 497_000;
const HEALTH_BOUND_MS = 100;

const TOPICS = [
  'The regional transport authority reviewed ridership on the northern lines',
  'Engineers inspected the harbour bridge after the winter storms',
  'The school board compared reading scores across the district',
  'Hospital administrators reported waiting times in the emergency wards',
  'The water utility measured reservoir levels after a dry summer',
  'Farmers in the valley described the effect of the late frost on orchards',
  'The housing office counted new permits issued in the first quarter',
  'Library staff surveyed visitors about opening hours and digital loans',
];

/** A long report: sections of numbered paragraphs, laid out 46 lines a page, ~95 characters a line. */
function longReport(): { pdf: Buffer; characters: number } {
  const lines: string[] = [];
  let characters = 0;
  for (let paragraph = 0; characters < TARGET_CHARS; paragraph += 1) {
    const topic = TOPICS[paragraph % TOPICS.length] ?? '';
    const text =
      `${topic} in report section ${paragraph + 1}. ` +
      `Figures for year ${2000 + (paragraph % 25)} show a change of ${(paragraph * 7) % 41} percent against the year before. ` +
      `Officials said the result was ${paragraph % 3 === 0 ? 'better' : 'worse'} than expected and promised a review by the spring. ` +
      `Residents who spoke at the hearing asked for clearer reporting and for the data to be published every month.`;
    characters += text.length + 2;
    const words = text.split(' ');
    let line = '';
    for (const word of words) {
      if (line.length + word.length + 1 > 95) {
        lines.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    lines.push(line, '');
  }
  const pages: TextPageSpec[] = [];
  for (let start = 0; start < lines.length; start += 46) {
    const paragraphs: string[][] = [[]];
    for (const line of lines.slice(start, start + 46)) {
      if (line === '') paragraphs.push([]);
      else paragraphs.at(-1)?.push(line);
    }
    pages.push({ paragraphs: paragraphs.filter((paragraph) => paragraph.length > 0) });
  }
  return { pdf: buildTextPdf(pages), characters };
}

function memoryOf(pid: number | undefined): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

async function waitFor(url: string): Promise<void> {
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Asks GET /api/health every 50 ms until stopped; the slowest answer and how many were asked. */
function probeHealth(): { stop: () => Promise<{ maxMs: number; probes: number }> } {
  let running = true;
  let maxMs = 0;
  let probes = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/health`);
      maxMs = Math.max(maxMs, performance.now() - started);
      probes += 1;
      await new Promise((done) => setTimeout(done, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { maxMs: Math.round(maxMs), probes };
    },
  };
}

async function signUp(): Promise<string> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Reader',
      email: `bench-${Date.now()}@example.com`,
      password: 'bench-password',
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`register answered ${res.status}`);
  return body.token;
}

interface UploadFigure {
  status: number;
  ms: number;
  health: { maxMs: number; probes: number };
  body: {
    data?: {
      summary?: {
        originalContent?: string;
        summarizedContent?: string;
        ocr?: boolean;
        aiModel?: string;
      };
    };
    message?: string;
  };
}

async function upload(token: string, file: File): Promise<UploadFigure> {
  const form = new FormData();
  form.append('file', file);
  const health = probeHealth();
  const started = performance.now();
  const res = await fetch(`${base}/api/summaries/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as UploadFigure['body'];
  const ms = Math.round(performance.now() - started);
  return { status: res.status, ms, health: await health.stop(), body };
}

/** A scanned PDF of `pages` pages from the data set's page images (null when absent). */
async function scannedPdf(pages: number): Promise<Buffer | null> {
  const folder = join(dataDir, 'ocr');
  let images: string[];
  try {
    images = readdirSync(folder)
      .filter((name) => /^page-\d+\.(png|jpg)$/.test(name))
      .sort();
  } catch {
    return null;
  }
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const { buildPdf } = await import('../src/test/pdf-builder');
  const built = [];
  for (let index = 0; index < pages; index += 1) {
    const image = await loadImage(readFileSync(join(folder, images[index % images.length] ?? '')));
    // 150 dpi over a Letter page at most, in grey, as a scanner stores it.
    const scale = Math.min(1, 1275 / image.width);
    const columns = Math.round(image.width * scale);
    const rows = Math.round(image.height * scale);
    const canvas = createCanvas(columns, rows);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0, columns, rows);
    const rgba = context.getImageData(0, 0, columns, rows).data;
    const grey = Buffer.alloc(columns * rows);
    for (let pixel = 0; pixel < grey.length; pixel += 1) {
      grey[pixel] = Math.round(
        0.299 * (rgba[pixel * 4] ?? 0) +
          0.587 * (rgba[pixel * 4 + 1] ?? 0) +
          0.114 * (rgba[pixel * 4 + 2] ?? 0),
      );
    }
    const height = Math.min(792, (612 * rows) / columns);
    built.push({
      images: [{ columns, rows, pixels: grey, x: 0, y: 792 - height, width: 612, height }],
    });
  }
  return buildPdf(built);
}

function start(home: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      '--enable-source-maps',
      serverPath,
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: home,
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
        GEMINI_API_KEY: '',
        JWT_SECRET: 'bench-secret-0123456789abcdef0123456789',
        LOG_LEVEL: 'warn',
        WORKERS: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function main(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'brevity-long-pdf-'));
  const server = start(home);
  let failed = false;
  try {
    await waitFor(`${base}/api/health`);
    const token = await signUp();
    const { pdf, characters } = longReport();
    console.info(
      `Long PDF: ${(pdf.length / 1024 / 1024).toFixed(2)} MB, ${Math.ceil(characters / 1000)}k characters written`,
    );
    const before = memoryOf(server.pid);
    const long = await upload(token, new File([new Uint8Array(pdf)], 'long-report.pdf'));
    const after = memoryOf(server.pid);
    const summary = long.body.data?.summary;
    console.info(
      `  ${long.status} in ${long.ms} ms: ${summary?.originalContent?.length ?? 0} characters read, ` +
        `summary ${summary?.summarizedContent?.length ?? 0} characters (${summary?.aiModel ?? long.body.message ?? ''})`,
    );
    console.info(
      `  server RSS ${before.rssMb} MB before, ${after.rssMb} MB after, peak ${after.peakMb} MB`,
    );
    console.info(
      `  GET /api/health meanwhile: slowest ${long.health.maxMs} ms over ${long.health.probes} probes`,
    );
    // The embedded PGlite runs in this process: storing half a megabyte of text and its
    // full-text index entry takes it 100-150 ms on the event loop (Postgres does that work in
    // its own process), so the bound is the issue's for scans only; this one is reported.
    if (long.status !== 201) failed = true;

    if (process.env.BENCH_SCANS === '1') {
      const scan = await scannedPdf(10);
      if (scan === null) console.info(`Scanned PDF: skipped (no page images in ${dataDir}/ocr)`);
      else {
        const figure = await upload(token, new File([new Uint8Array(scan)], 'scan-10-pages.pdf'));
        const memory = memoryOf(server.pid);
        console.info(
          `Scanned PDF, 10 pages (${(scan.length / 1024 / 1024).toFixed(2)} MB): ${figure.status} in ${figure.ms} ms ` +
            `(${(figure.ms / 10000).toFixed(2)} s a page), ocr ${String(figure.body.data?.summary?.ocr)}, ` +
            `${figure.body.data?.summary?.originalContent?.length ?? 0} characters${figure.body.message ? `: ${figure.body.message}` : ''}`,
        );
        console.info(
          `  server peak RSS ${memory.peakMb} MB; GET /api/health slowest ${figure.health.maxMs} ms over ${figure.health.probes} probes`,
        );
        if (figure.status !== 201 || figure.health.maxMs >= HEALTH_BOUND_MS) failed = true;
      }
    }
  } finally {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
    rmSync(home, { recursive: true, force: true });
  }
  if (failed) {
    console.info('A figure missed its bound.');
    process.exitCode = 1;
  }
}

await main();
