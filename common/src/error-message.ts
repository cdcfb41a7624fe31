/**
 * The message to show for a failure caught from an API call or an unwrapped thunk (which
 * rejects with a plain ApiErrorInfo): its own `message` when it has one, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}
