import { z } from 'zod';

/** The IANA time zones this runtime knows (`Europe/Paris`), plus `UTC`. */
const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** GET /api/analytics/summaries: `tz`, the reader's IANA time zone (default UTC). */
export const summaryAnalyticsQuerySchema = z.object({
  tz: z
    .string()
    .max(64)
    .refine((zone) => TIME_ZONES.has(zone), {
      message: 'tz must be an IANA time zone such as Europe/Paris',
    })
    .default('UTC'),
});
