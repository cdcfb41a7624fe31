// A test that prints an unexpected console.error fails (epic-stack tests/setup).
// A test that expects one spies on console.error itself, which replaces this guard.
import { afterEach, beforeEach, vi } from 'vitest';
// DOM matchers (toBeVisible, toHaveTextContent, toHaveAttribute...) for the web tests.
import '@testing-library/jest-dom/vitest';

// Testing Library cleans up after each test only when Vitest globals are on; they are off.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    // A stubbed fetch handler that threw (a failed assertion inside it, say) only made the app
    // see a failed request, which it may handle quietly: the test fails here instead.
    const { takeUnexpectedHandlerErrors } = await import('./common/testing/index');
    const thrown = takeUnexpectedHandlerErrors();
    if (thrown.length > 0) {
      throw new Error(
        `A stubbed fetch handler threw (throw networkFailure() to simulate a network failure):\n${thrown
          .map((error) => (error instanceof Error ? (error.stack ?? error.message) : String(error)))
          .join('\n')}`,
      );
    }
  }
});

let unexpected: unknown[][] = [];

beforeEach(() => {
  unexpected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpected.push(args);
  });
});

afterEach(() => {
  const errors = unexpected;
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
