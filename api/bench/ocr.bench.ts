/**
 * Benchmark of OCR (issue 27): character and word error rates and seconds per page on the
 * scanned pages of the evaluation data; see ocr-measure.ts for what it measures and how.
 *
 *   pnpm --filter api bench:ocr
 */
import { measureOcr } from './ocr-measure';

process.exitCode = await measureOcr();
