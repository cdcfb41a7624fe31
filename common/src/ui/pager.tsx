import { cx } from 'common/cx';
import { getPageItems } from 'common/pagination';
import { Button } from 'common/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from 'common/ui/icons';

export interface PagerProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark. */
  label?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Previous/Next and numbered pages (first, last, and within 1 of the current page; an ellipsis
 * at distance 2), with aria-current on the current page. Renders nothing for fewer than 2 pages.
 */
export function Pager({
  page,
  totalPages,
  onPageChange,
  label = 'Pagination',
  disabled = false,
  className,
}: PagerProps) {
  if (totalPages < 2) return null;
  const items = getPageItems(page, totalPages);
  return (
    <nav aria-label={label} className={cx('ui-pager', className)}>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeftIcon />
        Previous
      </Button>
      <ul className="ui-pager__pages">
        {items.map((item) =>
          item.type === 'ellipsis' ? (
            <li key={item.key} className="ui-pager__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Button
                variant={item.page === page ? 'default' : 'ghost'}
                size="sm"
                className="ui-pager__page"
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => {
                  if (item.page !== page) onPageChange(item.page);
                }}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
      </ul>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRightIcon />
      </Button>
    </nav>
  );
}
