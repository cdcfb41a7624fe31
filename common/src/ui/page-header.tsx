import type { ReactNode } from 'react';
import { cx } from 'common/cx';

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

export interface PageProps extends PageHeaderProps {
  /** The page's own class, beside ui-page. */
  className?: string;
  children: ReactNode;
}

/** A page: a section named by its h1 (PageHeader), then its content. */
export function Page({ className, children, ...header }: PageProps) {
  return (
    <section className={cx('ui-page', className)} aria-labelledby={header.id}>
      <PageHeader {...header} />
      {children}
    </section>
  );
}
