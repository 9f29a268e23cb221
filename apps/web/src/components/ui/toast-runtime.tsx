import type { ReactNode } from 'react';
import { ToastContainer, toast, type Id, type ToastOptions } from 'react-toastify';
import { TOAST_AREA_SETTINGS, type ToastArea, type ToastKind } from './toasts';

/**
 * The toast library itself (react-toastify and its styles), loaded on demand by ./toasts.tsx: the
 * login page renders before it is needed, so it stays out of the entry chunk. Toasts raised before
 * the container has mounted are queued by the library and shown once it has.
 */
export function ToastRuntimeContainer({ area }: { area: ToastArea }) {
  return (
    <ToastContainer
      position="top-right"
      newestOnTop
      pauseOnHover
      pauseOnFocusLoss
      draggablePercent={80}
      closeOnClick
      {...TOAST_AREA_SETTINGS[area]}
    />
  );
}

/** Error toasts still on screen, so a later success can take them away. */
const errorToastIds = new Set<Id>();
toast.onChange((item) => {
  if (item.status === 'removed') errorToastIds.delete(item.id);
});

export function showToast(kind: ToastKind, content: ReactNode, options: ToastOptions): void {
  const id = toast[kind](content, options);
  if (kind === 'error') errorToastIds.add(id);
}

export function dismissErrors(): void {
  for (const id of errorToastIds) toast.dismiss(id);
  errorToastIds.clear();
}
