/** One slot of a pager: a page number, or a gap shown as an ellipsis. */
export type PageItem =
  { type: 'page'; page: number } | { type: 'ellipsis'; key: 'ellipsis-before' | 'ellipsis-after' };

/**
 * The numbered slots of SPEC.md's /history pager: the first and last pages and those within 1
 * of the current page are shown; a page at distance 2 becomes an ellipsis; the rest are left out.
 * `current` is clamped into 1..total; no pages yields no slots.
 */
export function getPageItems(current: number, total: number): PageItem[] {
  const last = Math.max(0, Math.floor(total));
  if (last === 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const items: PageItem[] = [];
  for (let candidate = 1; candidate <= last; candidate += 1) {
    const distance = Math.abs(candidate - page);
    if (candidate === 1 || candidate === last || distance <= 1) {
      items.push({ type: 'page', page: candidate });
    } else if (distance === 2) {
      items.push({
        type: 'ellipsis',
        key: candidate < page ? 'ellipsis-before' : 'ellipsis-after',
      });
    }
  }
  return items;
}
