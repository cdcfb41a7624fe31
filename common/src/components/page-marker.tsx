import './page-marker.css';

/**
 * Where a page of a PDF begins in its text (API.md round 3 `pageBreaks`): a small "Page N" on
 * a line of its own, so a reader can find a passage in the original document.
 */
export function PageMarker({ page }: { page: number }) {
  return (
    <span className="ru-page-marker" data-page={page}>
      Page {page}
    </span>
  );
}
