import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("uses the failure's own message, from an ApiError or its plain serialised form", () => {
    const error = new ApiError({ message: 'Nope', status: 409, code: 'CONFLICT' });
    expect(errorMessage(error, 'Failed to change role')).toBe('Nope');
    expect(errorMessage(error.toInfo(), 'Failed to change role')).toBe('Nope');
  });

  it('falls back when there is no usable message', () => {
    expect(errorMessage(undefined, 'Failed to delete user')).toBe('Failed to delete user');
    expect(errorMessage({ message: '  ' }, 'Failed to delete user')).toBe('Failed to delete user');
    expect(errorMessage('boom', 'Failed to delete user')).toBe('Failed to delete user');
  });
});
