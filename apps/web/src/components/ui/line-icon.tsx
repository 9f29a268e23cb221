import type { ReactNode } from 'react';

export interface LineIconProps {
  /** Width and height in px. */
  size?: number;
  children: ReactNode;
}

/** A 24×24 stroked line icon; always decorative (hidden from assistive technology). */
export function LineIcon({ size = 20, children }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
