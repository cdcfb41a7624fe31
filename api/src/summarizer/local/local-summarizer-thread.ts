import { serveTasks } from '../../lib/thread-pool';
import { summarizeWithPrompt } from './local-summarizer';
import type { LocalExtract } from './local-summarizer-pool';
import type { SummarizeInput } from '../summarizer';

/*
 * The entry of a local-summarizer worker thread (local-summarizer-pool.ts starts it; the build
 * bundles it as dist/summarizer/local-summarizer-thread.js): one long document at a time.
 */

serveTasks<SummarizeInput, LocalExtract>((input) => summarizeWithPrompt(input));
