import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Area } from '@campuscare/shared';
import { RemoteFallback } from './RemoteFallback';

interface Props {
  readonly area: Area;
  readonly onRetry: () => void;
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
}

/** Keeps a crashing remote page from taking the shell down with it. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`[campuscare] the ${this.props.area} area failed to render`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    return this.state.failed ? <RemoteFallback area={this.props.area} onRetry={this.retry} /> : this.props.children;
  }
}
