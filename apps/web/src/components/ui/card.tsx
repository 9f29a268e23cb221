import { clsx } from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import styles from './card.module.css';

const PADDING_CLASS = {
  none: styles.cardPadNone,
  sm: styles.cardPadSm,
  md: styles.cardPadMd,
  lg: styles.cardPadLg,
};

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render (section for a landmark-worthy block, article for a post...). */
  as?: 'div' | 'section' | 'article' | 'aside';
  padding?: 'none' | 'sm' | 'md' | 'lg';
  children?: ReactNode;
}

export function Card({
  as: Element = 'div',
  padding = 'md',
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <Element className={clsx(styles.card, PADDING_CLASS[padding], className)} {...rest}>
      {children}
    </Element>
  );
}
