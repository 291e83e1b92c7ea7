import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/Button';

type State = { error: Error | null };

/** A crash anywhere in the dashboard shows this instead of a blank page (spec 2 section 2.10). */
export class DashboardErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Dashboard crashed', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto mt-16 max-w-md rounded-2xl border border-red-500/40 bg-red-500/10 p-8 text-center">
        <AlertTriangle className="mx-auto h-10 w-10 text-red-400" aria-hidden />
        <h2 className="mt-4 text-xl font-bold">Error Loading Dashboard</h2>
        <p className="mt-2 text-sm text-muted">{this.state.error.message}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>Reload Page</Button>
      </div>
    );
  }
}
