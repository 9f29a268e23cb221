import { afterEach, vi } from 'vitest';
import { describeViolations, takeContractViolations } from './contract-check.js';

// An error logged to the console is a bug the test should see, not noise to scroll past.
// Test files share their worker's modules (vitest.config.ts, isolate: false) and this file runs
// before each of them: the console is wrapped once per worker, not once more per file.
const throwsOnError = Symbol.for('kindred.test.consoleErrorThrows');
if (!(throwsOnError in console.error)) {
  const originalConsoleError = console.error;
  console.error = Object.assign(
    (...args: unknown[]) => {
      originalConsoleError(...args);
      throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
    },
    { [throwsOnError]: true },
  );
}

afterEach(() => {
  vi.useRealTimers();
  // Every body a test app sent must match its contract (see contract-check.ts).
  const violations = takeContractViolations();
  if (violations.length > 0) throw new Error(describeViolations(violations));
});
