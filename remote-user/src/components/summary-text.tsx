// The summary's text renderer lives in common, shared with the staff's summary cards (issue 26).
export { SummaryText, toBlocks } from 'common/components/summary-text';
