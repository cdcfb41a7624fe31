import './document-marker.css';

/**
 * Where a document of a collection begins in its original text (API.md round 3 `sources`): its
 * number and title on a line of their own, as a heading, so a reader sees each document under
 * its title and can match a sentence's `[2]` to it.
 */
export function DocumentMarker({
  number,
  title,
  level,
}: {
  number: number;
  title: string;
  /** The heading level, one below the pane's own heading. */
  level: 3 | 4 | 5;
}) {
  return (
    <span className="ru-document-marker" role="heading" aria-level={level} data-document={number}>
      <span className="ru-document-marker__number">[{number}]</span> {title}
    </span>
  );
}
