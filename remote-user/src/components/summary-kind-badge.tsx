/** The kind badge lives in common, shared with the staff's summary cards. */
export { SummaryKindBadge } from 'common/ui/summary-kind-badge';
