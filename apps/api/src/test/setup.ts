import { afterEach, vi } from 'vitest';

// An error logged to the console is a bug the test should see, not noise to scroll past.
const originalConsoleError = console.error;
console.error = (...args: unknown[]) => {
  originalConsoleError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
};

afterEach(() => {
  vi.useRealTimers();
});
