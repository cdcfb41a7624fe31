import { describe, expect, it } from 'vitest';
import { getPageItems } from './pagination';

/** Pages as numbers and ellipses as '…', for readable expectations. */
function slots(current: number, total: number): Array<number | '…'> {
  return getPageItems(current, total).map((item) => (item.type === 'page' ? item.page : '…'));
}

describe('getPageItems', () => {
  it('has no slots without pages', () => {
    expect(slots(1, 0)).toEqual([]);
  });

  it('shows every page of a short list', () => {
    expect(slots(1, 1)).toEqual([1]);
    expect(slots(2, 3)).toEqual([1, 2, 3]);
  });

  it('shows first, last and neighbours, with an ellipsis at distance 2', () => {
    expect(slots(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
  });

  it('puts an ellipsis only where a page at distance 2 exists, not for farther gaps', () => {
    expect(slots(1, 10)).toEqual([1, 2, '…', 10]);
    expect(slots(10, 10)).toEqual([1, '…', 9, 10]);
    expect(slots(6, 20)).toEqual([1, '…', 5, 6, 7, '…', 20]);
  });

  it('shows the first page rather than an ellipsis when it is at distance 2', () => {
    expect(slots(3, 10)).toEqual([1, 2, 3, 4, '…', 10]);
    expect(slots(4, 10)).toEqual([1, '…', 3, 4, 5, '…', 10]);
    expect(slots(8, 10)).toEqual([1, '…', 7, 8, 9, 10]);
  });

  it('clamps a current page out of range', () => {
    expect(slots(0, 5)).toEqual(slots(1, 5));
    expect(slots(99, 5)).toEqual(slots(5, 5));
  });

  it('gives the two ellipses distinct keys', () => {
    const keys = getPageItems(5, 10).flatMap((item) =>
      item.type === 'ellipsis' ? [item.key] : [],
    );
    expect(keys).toEqual(['ellipsis-before', 'ellipsis-after']);
  });
});
