import type { ReactNode } from 'react';
import { cx } from 'common/cx';
import { formatInteger } from 'common/text';
import './stat-card.css';

export interface StatCardProps {
  /** What is counted, e.g. "Total Users". */
  label: string;
  /** A number is shown grouped (1,234); null or undefined, not known yet, as a dash. */
  value: ReactNode;
  /** A decorative icon beside the label. */
  icon?: ReactNode;
  /** A short line under the value. */
  description?: ReactNode;
  className?: string;
}

function formatStatValue(value: ReactNode): ReactNode {
  if (value === null || value === undefined) return '—';
  return typeof value === 'number' ? formatInteger(value) : value;
}

/**
 * One figure of a page's overview (the staff pages' stat cards). The label names the value for
 * screen readers too: the card is a group labelled by it.
 */
export function StatCard({ label, value, icon, description, className }: StatCardProps) {
  return (
    <div role="group" aria-label={label} className={cx('ui-card', 'ui-stat-card', className)}>
      <div className="ui-stat-card__top">
        <p className="ui-stat-card__label">{label}</p>
        {icon ? <span className="ui-stat-card__icon">{icon}</span> : null}
      </div>
      <div className="ui-stat-card__value">{formatStatValue(value)}</div>
      {description ? <p className="ui-stat-card__description">{description}</p> : null}
    </div>
  );
}
