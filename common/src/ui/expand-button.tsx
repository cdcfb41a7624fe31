import type { ReactNode } from 'react';
import { cx } from 'common/cx';
import { Button } from 'common/ui/button';
import { ChevronDownIcon } from 'common/ui/icons';
import './expand-button.css';

export interface ExpandButtonProps {
  expanded: boolean;
  /** The id of the part it shows and hides. */
  controls: string;
  onToggle: () => void;
  /** What it says while closed, then while open, e.g. ['Expand', 'Collapse']. */
  labels: readonly [string, string];
  /** Read after the label by screen readers only, e.g. " of the summary from May 3". */
  srContext?: ReactNode;
}

/** A small ghost button that shows or hides a card's details, its chevron turning. */
export function ExpandButton({
  expanded,
  controls,
  onToggle,
  labels,
  srContext,
}: ExpandButtonProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      <ChevronDownIcon className={cx('ui-chevron', expanded && 'ui-chevron--open')} />
      {expanded ? labels[1] : labels[0]}
      {srContext ? <span className="ui-sr-only">{srContext}</span> : null}
    </Button>
  );
}
