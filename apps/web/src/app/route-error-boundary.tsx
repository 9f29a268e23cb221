import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './routes/route-error';

interface RouteErrorBoundaryProps {
  /** The page's path: going to another page leaves the error behind. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  pathname: string;
}

/**
 * A screen that throws while rendering shows RouteErrorPage instead of a blank page (the app's
 * declarative router has no error elements of its own). Unlike a `key`, the path as a prop keeps
 * the member area mounted (its live connection) as the member moves between pages.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
