import { Badge } from 'common/ui/badge';
import { SparklesIcon, ZapIcon } from 'common/ui/icons';
import { fallbackExplanation, summaryKindLabel } from '../lib/summaries/summary';
import type { Summary } from '../lib/summaries/summary';

/**
 * `AI Generated`, or `Quick Summary` for the local summarizer's work (isFallback). A Quick
 * Summary says why in its tooltip, and in visually hidden text read right after the label.
 */
export function SummaryKindBadge({
  summary,
}: {
  summary: Pick<Summary, 'isFallback'> & { fallbackReason?: string | null | undefined };
}) {
  const why = fallbackExplanation(summary);
  return (
    <>
      <Badge variant={summary.isFallback ? 'secondary' : 'default'} title={why ?? undefined}>
        {summary.isFallback ? <ZapIcon size={12} /> : <SparklesIcon size={12} />}
        {summaryKindLabel(summary)}
      </Badge>
      {why ? <span className="ui-sr-only"> ({why})</span> : null}
    </>
  );
}
