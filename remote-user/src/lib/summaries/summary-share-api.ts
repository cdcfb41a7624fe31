import { api, request } from 'common/api-client';
import type { OwnSummaryShare } from 'common/own-summary';

/** A summary's read-only link, as its owner sees it. */
export type SummaryShare = OwnSummaryShare;

/** The failure texts of the share calls. */
export const SHARE_MESSAGES = {
  share: 'Failed to share the summary',
  stop: 'Failed to stop sharing the summary',
} as const;

/**
 * POST /api/summaries/:id/share: the summary's link, made on the first call and the same on
 * every call after, with its view count, until sharing stops.
 */
export async function postShare(id: string): Promise<SummaryShare> {
  const body = await request(
    () => api.summaries[':id'].share.$post({ param: { id } }),
    SHARE_MESSAGES.share,
  );
  return body.data.share;
}

/** DELETE /api/summaries/:id/share: the link stops working at once. */
export async function deleteShare(id: string): Promise<void> {
  await request(() => api.summaries[':id'].share.$delete({ param: { id } }), SHARE_MESSAGES.stop);
}

/**
 * The address to hand out: the API answers the page's path (`/s/<token>`), which lives on the
 * portal's own origin, the one this page runs on.
 */
export function shareLinkOf(share: SummaryShare, origin: string = window.location.origin): string {
  return new URL(share.url, origin).href;
}
