// Catches what a route throws while rendering (or a route chunk that fails to load) and shows the
// root's error screen in place of the app, as the data router's root ErrorBoundary did. Another path
// clears it.
import { Component, type ReactNode } from 'react';

interface Props {
  /** The current path: when it changes, the error is cleared and the routes render again. */
  resetKey: string;
  fallback(error: unknown): ReactNode;
  children: ReactNode;
}

interface State {
  error: { value: unknown } | null;
  resetKey: string;
}

export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: { value: error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error.value) : this.props.children;
  }
}
