// The summary beside its source lives in common, shared with the staff's summary cards (issue 26).
export {
  MAX_KEYWORDS,
  SourceLinkedSummary,
  UNSUPPORTED_LABEL,
  UNVERIFIED_LABEL,
} from 'common/components/source-linked-summary';
export type { SourceLinkedSummaryProps } from 'common/components/source-linked-summary';
