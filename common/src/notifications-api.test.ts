import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notifications-api';
import type { AppNotification } from './notifications-api';

function notification(kind: AppNotification['kind'], summaryId: string | null = null) {
  return {
    id: '1',
    kind,
    message: 'Something happened.',
    summaryId,
    createdAt: '2026-11-27T08:00:00.000Z',
    readAt: null,
  } satisfies AppNotification;
}

describe('notificationTarget', () => {
  it('leads a user to the summary, the credits page or the dashboard', () => {
    expect(notificationTarget(notification('review', 'abc'), 'user')).toBe('/history?summary=abc');
    expect(notificationTarget(notification('credits'), 'user')).toBe('/credits');
    expect(notificationTarget(notification('request'), 'user')).toBe('/credits');
    expect(notificationTarget(notification('role'), 'user')).toBe('/dashboard');
  });

  it("leads an admin's new-request notification to the Credit requests tab", () => {
    expect(notificationTarget(notification('request'), 'admin')).toBe('/admin?tab=credit-requests');
    expect(notificationTarget(notification('credits'), 'admin')).toBe('/credits');
  });
});
