/** The review statuses a staff list of everyone's summaries filters by (API.md "Additions"). */
export const REVIEW_STATUS_FILTERS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'needs_revision', label: 'Needs revision' },
] as const;

export const REVIEW_STATUS_VALUES: readonly string[] = REVIEW_STATUS_FILTERS.map(
  ({ value }) => value,
);

/** A user id in a list's URL (`userId`): the server's ids are UUIDs. */
export const USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
