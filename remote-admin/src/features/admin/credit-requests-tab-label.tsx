import { Badge } from 'common/ui/badge';

/** The tab's accessible name: `Credit requests`, with the count of open ones when there are any. */
export function creditRequestsTabName(open: number): string {
  return open > 0 ? `Credit requests (${open} open)` : 'Credit requests';
}

/** `Credit requests` with a badge counting the open ones (the tab's name says the count). */
export function CreditRequestsTabLabel({ open }: { open: number }) {
  return (
    <>
      Credit requests
      {open > 0 ? (
        <Badge variant="destructive" className="admin-requests__count" aria-hidden="true">
          {open}
        </Badge>
      ) : null}
    </>
  );
}
