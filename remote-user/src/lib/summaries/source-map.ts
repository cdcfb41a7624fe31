// The source map's helpers live in common, shared with the staff's summary cards (issue 26).
export * from 'common/source-map';
