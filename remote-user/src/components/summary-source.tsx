import { cx } from 'common/cx';
import { ExternalLinkIcon, GlobeIcon, InfoIcon } from 'common/ui/icons';
import type { Summary } from '../lib/summaries/summary';
import './summary-source.css';

/** Said of a summary whose text was read from images (API.md round 3 `ocr`), word for word. */
export const OCR_NOTICE = 'Read from a scan: check names and numbers against the original';

/** The address as a link may carry it: http or https only, else null (never a script URL). */
export function linkableAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? address : null;
  } catch {
    return null;
  }
}

export interface SummarySourceProps {
  /** Older answers may lack the source fields: nothing is shown then. */
  summary: Partial<Pick<Summary, 'sourceUrl' | 'sourceTitle' | 'ocr'>>;
  className?: string;
}

/**
 * Where a summary's text came from, where that needs saying: a web page's title (or address)
 * as a link opening in a new tab, with the address; and, for text read by OCR, the notice to
 * check names and numbers.
 */
export function SummarySource({ summary, className }: SummarySourceProps) {
  const address = linkableAddress(summary.sourceUrl);
  const title = summary.sourceTitle?.trim() || null;
  if (!address && !summary.ocr) return null;
  return (
    <div className={cx('ru-summary-source', className)}>
      {address ? (
        <p className="ru-summary-source__page">
          <GlobeIcon className="ru-summary-source__icon" />
          <span className="ru-summary-source__text">
            <a href={address} target="_blank" rel="noopener noreferrer">
              {title ?? address}
              <ExternalLinkIcon size={12} className="ru-summary-source__external" />
              <span className="ui-sr-only"> (opens in a new tab)</span>
            </a>
            {title ? <span className="ru-summary-source__address">{address}</span> : null}
          </span>
        </p>
      ) : null}
      {summary.ocr ? (
        <p className="ru-summary-source__ocr" role="note">
          <InfoIcon className="ru-summary-source__icon" />
          <span>{OCR_NOTICE}</span>
        </p>
      ) : null}
    </div>
  );
}
