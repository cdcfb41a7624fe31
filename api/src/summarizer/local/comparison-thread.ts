import { serveTasks } from '../../lib/thread-pool';
import { runComparisonTask } from './document-comparison';
import type { ComparisonAnswer, ComparisonTask } from './document-comparison';

/*
 * The entry of the comparison's worker thread (comparison-pool.ts starts it; the build bundles
 * it as dist/summarizer/comparison-thread.js): one long document's task at a time.
 */

serveTasks<ComparisonTask, ComparisonAnswer>(runComparisonTask);
