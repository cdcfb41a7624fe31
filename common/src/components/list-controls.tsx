import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { REVIEW_STATUS_FILTERS } from 'common/review-status-filter';
import { formatInteger } from 'common/text';
import { SearchIcon } from 'common/ui/icons';
import { Input } from 'common/ui/input';
import { Label } from 'common/ui/label';
import { Pager } from 'common/ui/pager';
import './list-controls.css';

/** How long a search box waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListSearchProps {
  /** The field's visible label, e.g. "Search users". */
  label: string;
  /** The search the list shows now (from the URL). */
  value: string;
  /** Called once typing pauses, with the trimmed words. */
  onSearch: (q: string) => void;
  placeholder?: string;
}

/**
 * A labelled search box that asks once typing pauses (SEARCH_DEBOUNCE_MS); Escape clears it.
 * It follows `value` when the URL changes underneath it (back, forward, a new tab).
 */
export function ListSearch({ label, value, onSearch, placeholder }: ListSearchProps) {
  const id = `search${useId()}`;
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Back/forward or a new tab changed the search: the box shows it.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => onSearch(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div role="search" className="ui-list-search">
      <Label htmlFor={id}>{label}</Label>
      <div className="ui-list-search__field">
        <SearchIcon className="ui-list-search__icon" />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text !== '') {
              event.preventDefault();
              setText('');
              onSearch('');
            }
          }}
        />
      </div>
    </div>
  );
}

export interface ListFilterProps {
  label: string;
  value: string;
  /** The choices; '' is "any" and named by `anyLabel`. */
  options: readonly { value: string; label: string }[];
  anyLabel: string;
  onChange: (value: string) => void;
}

/** A labelled select that narrows a staff list, e.g. by role or review status. */
export function ListFilter({ label, value, options, anyLabel, onChange }: ListFilterProps) {
  const id = `filter${useId()}`;
  return (
    <div className="ui-list-filter">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="ui-input ui-list-filter__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search box and filters above a staff list, wrapping on a narrow screen. */
export function ListControls({ children }: { children: ReactNode }) {
  return <div className="ui-list-controls">{children}</div>;
}

export interface ListPagesProps {
  page: number;
  totalPages: number;
  /** Everything the list holds on the server, across pages. */
  total: number;
  /** What is counted, singular and plural, e.g. ['user', 'users']. */
  noun: readonly [string, string];
  /** The search, named in the count when set. */
  q?: string;
  /** Names the pager's navigation landmark, e.g. "Users pages". */
  label: string;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** "Showing page X of Y · N users in total" and the pager history uses. */
export function ListPages({
  page,
  totalPages,
  total,
  noun,
  q,
  label,
  onPageChange,
  disabled,
}: ListPagesProps) {
  const pages = Math.max(totalPages, 1);
  const shown = Math.min(page, pages);
  return (
    <footer className="ui-list-pages">
      <p className="ui-list-pages__status" aria-live="polite">
        Showing page {shown} of {pages} · {formatInteger(total)} {total === 1 ? noun[0] : noun[1]}{' '}
        {q ? `matching “${q}”` : 'in total'}
      </p>
      <Pager
        page={shown}
        totalPages={totalPages}
        onPageChange={onPageChange}
        label={label}
        disabled={disabled}
      />
    </footer>
  );
}

/** A search of summaries (staff lists, /history): words in the original or the summary. */
export function SummarySearch(props: Omit<ListSearchProps, 'placeholder'>) {
  return <ListSearch {...props} placeholder="Words in the original or the summary" />;
}

/** Narrows a staff list of everyone's summaries by review status. */
export function ReviewStatusFilter({
  value,
  onChange,
}: Pick<ListFilterProps, 'value' | 'onChange'>) {
  return (
    <ListFilter
      label="Review status"
      anyLabel="Any status"
      value={value}
      options={REVIEW_STATUS_FILTERS}
      onChange={onChange}
    />
  );
}
