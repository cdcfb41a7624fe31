import { Button } from 'common/ui/button';
import { LayoutIcon, SparklesIcon, XIcon } from 'common/ui/icons';
import { MAX_SELECTED, MIN_SELECTED } from './summary-selection';

export interface CollectionBarProps {
  count: number;
  onCombine: () => void;
  onCompare: () => void;
  onClear: () => void;
  /** Called when an action is about to be used (hovered, focused): load what it opens. */
  onPrepare?: () => void;
}

/** What the bar says of the selection. */
export function selectionStatus(count: number): string {
  if (count === 0)
    return `Select ${MIN_SELECTED} to ${MAX_SELECTED} summaries to combine or compare them.`;
  if (count < MIN_SELECTED) return `1 selected: select at least one more.`;
  if (count >= MAX_SELECTED) return `${count} selected, the most that can be combined.`;
  return `${count} selected.`;
}

/**
 * The actions on the summaries chosen on /history (issue 29): `Combine (3)` makes one summary
 * of them (1 credit), `Compare` sets them side by side (free). Both need 2 to 10.
 */
export function CollectionBar({
  count,
  onCombine,
  onCompare,
  onClear,
  onPrepare,
}: CollectionBarProps) {
  const ready = count >= MIN_SELECTED && count <= MAX_SELECTED;
  const prepare = ready ? onPrepare : undefined;
  return (
    <div
      className={count > 0 ? 'ru-collection-bar ru-collection-bar--active' : 'ru-collection-bar'}
      role="group"
      aria-label="Selected summaries"
    >
      <p className="ru-collection-bar__status" aria-live="polite">
        {selectionStatus(count)}
      </p>
      <div className="ru-collection-bar__actions">
        <Button
          size="sm"
          disabled={!ready}
          onClick={onCombine}
          onPointerEnter={prepare}
          onFocus={prepare}
        >
          <SparklesIcon />
          {count > 0 ? `Combine (${count})` : 'Combine'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!ready}
          onClick={onCompare}
          onPointerEnter={prepare}
          onFocus={prepare}
        >
          <LayoutIcon />
          Compare
        </Button>
        {count > 0 ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            <XIcon />
            Clear<span className="ui-sr-only"> the selection</span>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
