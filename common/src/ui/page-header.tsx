import type { ReactNode, Ref } from 'react';
import { cx } from 'common/cx';

export interface PageHeaderProps {
  /** The h1's id, for the page section's aria-labelledby. */
  id: string;
  title: string;
  description?: ReactNode;
  /** Controls on the right, such as a refresh button. */
  actions?: ReactNode;
  /** For a page that moves focus to its heading (after a new page of a list): it gets tabIndex -1. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A page's h1 with its one-line description. */
export function PageHeader({ id, title, description, actions, headingRef }: PageHeaderProps) {
  return (
    <header className="ui-page-header">
      <div>
        <h1
          id={id}
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="ui-page-title"
        >
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
