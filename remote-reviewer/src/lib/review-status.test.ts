import { describe, expect, it } from 'vitest';
import {
  reviewCommentsError,
  reviewStatusLabel,
  reviewStatusOf,
  reviewStatusVariant,
} from './review-status';

describe('review status', () => {
  it('knows the four statuses', () => {
    expect(reviewStatusLabel('pending')).toBe('Pending');
    expect(reviewStatusLabel('approved')).toBe('Approved');
    expect(reviewStatusLabel('rejected')).toBe('Rejected');
    expect(reviewStatusLabel('needs_revision')).toBe('Needs revision');
  });

  it('shows an unknown status as pending', () => {
    for (const value of ['archived', '', null, undefined, 42]) {
      expect(reviewStatusOf(value)).toBe('pending');
      expect(reviewStatusLabel(value)).toBe('Pending');
      expect(reviewStatusVariant(value)).toBe('warning');
    }
  });

  it('requires a reason to reject, and nothing else', () => {
    expect(reviewCommentsError('rejected', '  ')).toBe('Please provide a reason for rejection');
    expect(reviewCommentsError('rejected', 'Misses the point')).toBeUndefined();
    expect(reviewCommentsError('approved', '')).toBeUndefined();
    expect(reviewCommentsError('needs_revision', '')).toBeUndefined();
  });
});
