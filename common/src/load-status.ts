/** Where a loaded list stands: not asked yet, on its way, there, or failed (SPEC.md §4). */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
