// The error boundary of a route: a screen that throws while rendering (or whose chunk
// fails to load) shows the error page in its place. Moving to another location clears
// the error, so the person can leave the broken screen through the menu.
import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { ErrorPage } from './error-page';

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The location the error was caught at; null while there is no error. */
  location: Location | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, location: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Erro desconhecido') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.location === null) return { location: props.location };
    return state.location.key === props.location.key ? null : { error: null, location: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <ErrorPage error={this.state.error} />;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
