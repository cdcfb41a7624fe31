import { Badge } from 'common/ui/badge';
import { SparklesIcon, ZapIcon } from 'common/ui/icons';
import { summaryKindLabel } from '../lib/summaries/summary';
import type { Summary } from '../lib/summaries/summary';

/** `AI Generated`, or `Quick Summary` for the local summarizer's work (isFallback). */
export function SummaryKindBadge({ summary }: { summary: Pick<Summary, 'isFallback'> }) {
  return (
    <Badge variant={summary.isFallback ? 'secondary' : 'default'}>
      {summary.isFallback ? <ZapIcon size={12} /> : <SparklesIcon size={12} />}
      {summaryKindLabel(summary)}
    </Badge>
  );
}
