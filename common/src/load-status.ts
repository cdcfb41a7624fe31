/** Where a request stands: not asked yet, on its way, answered, or failed (SPEC.md §4). */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
