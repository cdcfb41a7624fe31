import type { ReactNode } from 'react';
import { cx } from 'common/cx';
import { Card } from 'common/ui/card';
import './info-card.css';

export interface InfoCardProps {
  /** The card's heading (an h2), e.g. "Available credits". */
  label: string;
  /** A decorative icon before the label. */
  icon: ReactNode;
  className?: string;
  /** The figure or fact: ru-info-card__value, __hint and the like. */
  children: ReactNode;
}

/** A card of one figure or fact about the account (the balance, the account, its status). */
export function InfoCard({ label, icon, className, children }: InfoCardProps) {
  return (
    <Card className={cx('ru-info-card', className)}>
      <h2 className="ru-info-card__label">
        {icon} {label}
      </h2>
      {children}
    </Card>
  );
}
