import { useCallback, useMemo, useState } from 'react';
import { summaryTitle } from 'common/summary-title';
import type { Summary } from '../../lib/summaries/summary';

/** A combination or a comparison takes 2 to 10 summaries (API.md round 3). */
export const MIN_SELECTED = 2;
export const MAX_SELECTED = 10;

export interface SummarySelection {
  /** The chosen summaries, in the order they were chosen. */
  selected: Summary[];
  isSelected(id: string): boolean;
  toggle(summary: Summary): void;
  clear(): void;
}

/**
 * The summaries chosen on /history to combine or compare: kept across the list's pages and
 * searches, at most MAX_SELECTED.
 */
export function useSummarySelection(): SummarySelection {
  const [selected, setSelected] = useState<Summary[]>([]);
  const ids = useMemo(() => new Set(selected.map((summary) => summary.id)), [selected]);
  const isSelected = useCallback((id: string) => ids.has(id), [ids]);
  const toggle = useCallback((summary: Summary) => {
    setSelected((current) =>
      current.some((item) => item.id === summary.id)
        ? current.filter((item) => item.id !== summary.id)
        : current.length >= MAX_SELECTED
          ? current
          : [...current, summary],
    );
  }, []);
  const clear = useCallback(() => setSelected([]), []);
  return { selected, isSelected, toggle, clear };
}

export interface SelectSummaryProps {
  summary: Summary;
  selection: SummarySelection;
}

/** A card's checkbox: `Select`, read with the summary's title. */
export function SelectSummary({ summary, selection }: SelectSummaryProps) {
  const checked = selection.isSelected(summary.id);
  const full = selection.selected.length >= MAX_SELECTED;
  return (
    <label className="ru-select-summary">
      <input
        type="checkbox"
        checked={checked}
        disabled={!checked && full}
        onChange={() => selection.toggle(summary)}
      />
      Select<span className="ui-sr-only"> “{summaryTitle(summary)}”</span>
    </label>
  );
}
