import { Suspense, lazy } from 'react';
import type { AskDocumentProps } from './ask-document';

// The question box loads with the source view it sits under, never with the page (issue 29).
const AskDocument = lazy(() =>
  import('./ask-document').then((module) => ({ default: module.AskDocument })),
);

/** "Ask about this document", loaded when first shown; nothing meanwhile. */
export function LazyAskDocument(props: AskDocumentProps) {
  return (
    <Suspense fallback={null}>
      <AskDocument {...props} />
    </Suspense>
  );
}
