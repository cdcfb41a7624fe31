import { useId } from 'react';
import { formatChartDay, formatLongDay } from 'common/date-format';
import type { DailyUsage } from './user-analytics';

/** The chart's dates (`Nov 24`, `Monday, November 24`), from the one date module. */
const shortDay = { format: formatChartDay };
const longDay = { format: formatLongDay };

const WIDTH = 560;
const HEIGHT = 160;
const GAP = 8;

/** Every other day is labelled on wide screens; today, a week ago and the first day on narrow ones. */
function labelClassName(index: number, lastIndex: number): string {
  const key = index === lastIndex || index === lastIndex - 7 || index === 0;
  const minor = index % 2 !== lastIndex % 2;
  return ['ru-usage__label', key && 'ru-usage__label--key', minor && 'ru-usage__label--minor']
    .filter(Boolean)
    .join(' ');
}

function plural(count: number): string {
  return `${count} ${count === 1 ? 'summary' : 'summaries'}`;
}

/** One sentence that says what the chart shows. */
export function describeUsage(usage: readonly DailyUsage[]): string {
  const total = usage.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) return `No summaries in the last ${usage.length} days.`;
  const busiest = usage.reduce((best, day) => (day.count > best.count ? day : best));
  return `${plural(total)} in the last ${usage.length} days; the busiest day was ${longDay.format(busiest.date)} with ${plural(busiest.count)}.`;
}

/**
 * Summaries per day as an inline SVG bar chart. The drawing is decorative for assistive tech:
 * the caption says what it shows and a table (visually hidden) gives every day's count.
 */
export function UsageChart({ usage }: { usage: readonly DailyUsage[] }) {
  const captionId = `usage${useId()}`;
  const max = Math.max(1, ...usage.map((day) => day.count));
  const slot = WIDTH / Math.max(usage.length, 1);
  const barWidth = Math.max(2, slot - GAP);
  const lastIndex = usage.length - 1;

  return (
    <figure className="ru-usage" aria-labelledby={captionId}>
      <figcaption id={captionId} className="ru-usage__caption">
        {describeUsage(usage)}
      </figcaption>
      <div className="ru-usage__plot">
        <span className="ru-usage__max" aria-hidden="true">
          {max}
        </span>
        <svg
          className="ru-usage__svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <line className="ru-usage__grid" x1="0" x2={WIDTH} y1="0.5" y2="0.5" />
          <line className="ru-usage__grid" x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
          <line className="ru-usage__axis" x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} />
          {usage.map((day, index) => {
            const height = day.count === 0 ? 0 : Math.max(3, (day.count / max) * (HEIGHT - 4));
            return (
              <rect
                key={day.day}
                className={
                  index === lastIndex ? 'ru-usage__bar ru-usage__bar--today' : 'ru-usage__bar'
                }
                x={index * slot + GAP / 2}
                y={HEIGHT - height}
                width={barWidth}
                height={height}
                rx="3"
              >
                <title>{`${shortDay.format(day.date)}: ${plural(day.count)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <ol className="ru-usage__labels" aria-hidden="true">
        {usage.map((day, index) => (
          <li key={day.day} className={labelClassName(index, lastIndex)}>
            {index === lastIndex ? 'Today' : shortDay.format(day.date)}
          </li>
        ))}
      </ol>
      {/* A table ignores the 1px box of ui-sr-only, so a div clips it. */}
      <div className="ui-sr-only">
        <table>
          <caption>Summaries per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Summaries</th>
            </tr>
          </thead>
          <tbody>
            {usage.map((day) => (
              <tr key={day.day}>
                <th scope="row">{longDay.format(day.date)}</th>
                <td>{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
