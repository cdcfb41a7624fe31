import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The h1's id, for the page section's aria-labelledby. */
  id: string;
  title: string;
  description?: ReactNode;
  /** Controls on the right, such as a refresh button. */
  actions?: ReactNode;
}

/** A page's h1 with its one-line description. */
export function PageHeader({ id, title, description, actions }: PageHeaderProps) {
  return (
    <header className="ui-page-header">
      <div>
        <h1 id={id} className="ui-page-title">
          {title}
        </h1>
        {description ? <p className="ui-page-description">{description}</p> : null}
      </div>
      {actions}
    </header>
  );
}
