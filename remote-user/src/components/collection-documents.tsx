import { collectionDocuments } from 'common/collection-sources';
import type { Summary } from '../lib/summaries/summary';

/**
 * The documents a combined summary (`source: "collection"`, issue 29) was made of, numbered as
 * its sentences cite them (`[2]`); nothing for any other summary.
 */
export function CollectionDocuments({
  summary,
}: {
  summary: Partial<Pick<Summary, 'sources' | 'originalContent'>>;
}) {
  const documents = collectionDocuments(summary.sources, summary.originalContent?.length ?? 0);
  if (documents.length === 0) return null;
  return (
    <div className="ru-collection-documents">
      {documents.length} documents combined:{' '}
      <ol>
        {documents.map((document, index) => (
          <li key={`${document.summaryId}-${index}`}>
            [{index + 1}] {document.title}
          </li>
        ))}
      </ol>
    </div>
  );
}
