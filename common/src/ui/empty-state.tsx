import type { ReactNode } from 'react';
import { cx } from 'common/cx';
import { FileTextIcon } from 'common/ui/icons';
import './empty-state.css';

export interface EmptyStateProps {
  /** e.g. "No users found", "All Caught Up!" */
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** A way forward, such as a button. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx('ui-empty-state', className)}>
      {icon ? <div className="ui-empty-state__icon">{icon}</div> : null}
      <p className="ui-empty-state__title">{title}</p>
      {description ? <p className="ui-empty-state__description">{description}</p> : null}
      {action ? <div className="ui-empty-state__action">{action}</div> : null}
    </div>
  );
}

/** A staff list of summaries with nothing to show; `description` says why, when searched. */
export function NoSummariesFound({ description }: { description?: string }) {
  return (
    <EmptyState
      icon={<FileTextIcon size={22} />}
      title="No summaries found"
      description={description}
    />
  );
}
