import type { SummaryShareRecord } from '../db/summary-shares.repository';

/**
 * A summary's read-only link as its owner sees it (API.md round 3 `share`). `url` is the path
 * of the public page, `/s/<token>`, on the portal's origin: the API does not know the origin
 * the shell is served from (it may be another one, CORS_ORIGINS), the shell does.
 */
export interface SummaryShareDto {
  token: string;
  url: string;
  createdAt: string;
  views: number;
}

/** The path of the public page of a share token. */
export function sharedPagePath(token: string): string {
  return `/s/${token}`;
}

export function toSummaryShareDto(share: SummaryShareRecord): SummaryShareDto {
  return {
    token: share.token,
    url: sharedPagePath(share.token),
    createdAt: share.created_at.toISOString(),
    views: share.views,
  };
}
