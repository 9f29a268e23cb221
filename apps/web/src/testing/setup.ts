import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadToastLibrary } from '../components/ui/toasts';
import { apiServer } from './api';

// findBy*/waitFor give up after 1 s by default; a screen whose code loads on demand can take longer
// than that on a busy CI machine. Tests still fail, just not on a slow import.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout: scrolling is a no-op (React Router's ScrollRestoration calls it).
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = () => {};

// jsdom has <dialog> but not its methods: open and close it (no top layer, no inertness), and move
// focus inside as the browser's dialog focusing steps do, so keys reach the dialog.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    const first = this.querySelector<HTMLElement>(
      '[autofocus], button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
    );
    first?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// The app loads the toast library when its container mounts; tests load it up front, so a toast
// shows as soon as it is raised (as it does in the app once the library is there).
beforeAll(() => loadToastLibrary());

// The fake API (testing/api.ts): a request no test answered is an error.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => apiServer.close());

// A React warning or a failed prop type is a bug: make it fail the test that caused it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
