import type { ReviewAction, Role } from '../db/schema';

/*
 * The sentences of notifications, for a person. Kept here so the API tests and the services
 * agree on them.
 */

const REVIEW_VERBS: Record<ReviewAction, string> = {
  approved: 'approved your summary',
  rejected: 'rejected your summary',
  needs_revision: 'sent your summary back for revision',
};

export function reviewNotificationMessage(
  reviewerName: string,
  action: ReviewAction,
  comments: string | null,
): string {
  const sentence = `${reviewerName} ${REVIEW_VERBS[action]}`;
  return comments === null ? `${sentence}.` : `${sentence}: ${comments}`;
}

function plural(count: number): string {
  return count === 1 ? '1 credit' : `${count.toLocaleString('en-US')} credits`;
}

export function creditsAddedMessage(credits: number, balance: number): string {
  return `An administrator added ${plural(credits)}. Your balance is now ${balance.toLocaleString('en-US')}.`;
}

const ROLE_NAMES: Record<Role, string> = {
  user: 'user',
  editor: 'editor',
  reviewer: 'reviewer',
  admin: 'admin',
};

export function roleChangedMessage(from: Role, to: Role): string {
  return `Your role changed from ${ROLE_NAMES[from]} to ${ROLE_NAMES[to]}.`;
}

export function requestApprovedMessage(
  asked: number,
  granted: number,
  note: string | null,
): string {
  const added =
    granted === asked
      ? `Your request for ${plural(asked)} was approved.`
      : `Your request for ${plural(asked)} was approved with ${plural(granted)}.`;
  return note === null ? added : `${added} Note: ${note}`;
}

export function requestDeniedMessage(asked: number, note: string | null): string {
  const denied = `Your request for ${plural(asked)} was denied.`;
  return note === null ? denied : `${denied} Note: ${note}`;
}

/** To every admin when a user asks for credits (issue 26): who, how many, and why if said. */
export function creditRequestedMessage(
  name: string,
  credits: number,
  reason: string | null,
): string {
  const asked = `${name} asked for ${plural(credits)}.`;
  return reason === null ? asked : `${asked} Reason: ${reason}`;
}
