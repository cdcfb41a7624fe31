import { formatFullDateTime, formatWhen } from 'common/date-format';
import type { DateInput } from 'common/date-format';

export interface WhenProps {
  /** The moment (an ISO string from the API, usually). */
  value: DateInput;
  /** "now" for the relative words; the current time by default. */
  now?: Date;
  className?: string;
}

/**
 * A date on a screen, the one way (docs/glossary.md "Dates"): `Today`, `Yesterday`, `3 days ago`
 * or `Nov 27, 2026`, in a `<time>` whose `dateTime` is the moment and whose title is the full
 * date and time. Nothing for a date that is not one.
 */
export function When({ value, now, className }: WhenProps) {
  const text = formatWhen(value, now);
  if (text === '') return null;
  const moment = typeof value === 'string' ? value : new Date(value).toISOString();
  return (
    <time className={className} dateTime={moment} title={formatFullDateTime(value)}>
      {text}
    </time>
  );
}
