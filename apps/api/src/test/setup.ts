import { afterEach, vi } from 'vitest';
import { describeViolations, takeContractViolations } from './contract-check.js';

// An error logged to the console is a bug the test should see, not noise to scroll past.
const originalConsoleError = console.error;
console.error = (...args: unknown[]) => {
  originalConsoleError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
};

afterEach(() => {
  vi.useRealTimers();
  // Every body a test app sent must match its contract (see contract-check.ts).
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(describeViolations(violations));
});
