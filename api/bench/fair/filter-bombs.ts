/**
 * Issue 24, item 4: deflate bombs whose filter name slips past a careless check.
 *
 *   pnpm --filter api exec tsx bench/fair/filter-bombs.ts --url http://127.0.0.1:PORT --pid PID
 *
 * Registers a user through the API and uploads, one after the other, five one-page PDFs whose
 * content stream inflates to 1 GiB, the filter written `/Fl`, `/Flat#65Decode`, `[ /Fl ]`,
 * `[/AHx /Fl]` or `/FlateDecode` with a nested `<< /Subtype /Image >>` decoy. Prints each
 * answer and its time and, with --pid (the server's process), the server's RSS from /proc
 * before, at its peak (sampled every 50 ms) and 60 s after the last bomb (--settle seconds).
 * Bounded: each upload gives up after 120 s.
 */
import { buildFilterBombPdf, FILTER_BOMB_VARIANTS } from '../../src/test/hostile-pdfs';
import { benchOptions, registerUser, rssMb, sleep, upload } from './common';

const { options, values } = benchOptions({ settle: { type: 'string', default: '60' } });
const settleSeconds = Number(values.settle);
const pid = options.pid;

const token = await registerUser(options.url, 'filter-bombs');
const before = pid === undefined ? Number.NaN : rssMb(pid);
let peak = before;
const sampler =
  pid === undefined
    ? undefined
    : setInterval(() => {
        peak = Math.max(peak, rssMb(pid));
      }, 50);
console.info(`server RSS before: ${before} MB`);

for (const variant of FILTER_BOMB_VARIANTS) {
  const pdf = buildFilterBombPdf(variant);
  const outcome = await upload(options.url, token, `bomb-${variant}.pdf`, pdf);
  console.info(
    `${variant} (${Math.round(pdf.length / 1024)} KB): ${outcome.status} in ${outcome.ms} ms — ${outcome.message}`,
  );
}
clearInterval(sampler);
console.info(`server RSS peak during the bombs: ${peak} MB`);
if (pid !== undefined) {
  console.info(`right after: ${rssMb(pid)} MB; waiting ${settleSeconds} s`);
  await sleep(settleSeconds * 1000);
  console.info(
    `server RSS ${settleSeconds} s after the last bomb: ${rssMb(pid)} MB (before: ${before} MB)`,
  );
}
