import type { MiddlewareHandler } from 'hono';
import { answerWithHeaders } from '../lib/response-headers';
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

/**
 * Headers of every answer about a shared link, the API's and the page's, found or not: search
 * engines do not index it, and the address (the token) is never sent as a Referer to the sites
 * the page links to (the source's address).
 */
export const SHARED_LINK_HEADERS = [
  ['X-Robots-Tag', 'noindex'],
  ['Referrer-Policy', 'no-referrer'],
] as const;

/**
 * Sets SHARED_LINK_HEADERS on whatever the rest of the request answers, errors included. Mounted
 * inside securityHeaders, so its Referrer-Policy replaces the usual one (answerWithHeaders: on
 * the Node response before the route runs, or on the answer in process).
 */
export const sharedLinkHeaders: MiddlewareHandler = (c, next) =>
  answerWithHeaders(c, next, SHARED_LINK_HEADERS);
