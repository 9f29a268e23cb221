import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

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
    <Element
      className={['card', `card--pad-${padding}`, className].filter(Boolean).join(' ')}
      {...rest}
    >
      {children}
    </Element>
  );
}
