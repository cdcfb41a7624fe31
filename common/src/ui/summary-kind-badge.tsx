import { fallbackExplanation, summaryKindLabel } from 'common/fallback-reason';
import type { SummaryKind } from 'common/fallback-reason';
import { Badge } from 'common/ui/badge';
import type { BadgeVariant } from 'common/ui/badge';
import { SparklesIcon, ZapIcon } from 'common/ui/icons';

/**
 * `AI Generated`, or `Quick Summary` for the local summarizer's work (isFallback). A Quick
 * Summary says why in its tooltip, and in visually hidden text read right after the label.
 */
export function SummaryKindBadge({
  summary,
  variant,
}: {
  summary: SummaryKind;
  /** By default `secondary` for a Quick Summary, `default` for an AI summary. */
  variant?: BadgeVariant;
}) {
  const why = fallbackExplanation(summary);
  return (
    <>
      <Badge
        variant={variant ?? (summary.isFallback ? 'secondary' : 'default')}
        title={why ?? undefined}
      >
        {summary.isFallback ? <ZapIcon size={12} /> : <SparklesIcon size={12} />}
        {summaryKindLabel(summary)}
      </Badge>
      {why ? <span className="ui-sr-only"> ({why})</span> : null}
    </>
  );
}
