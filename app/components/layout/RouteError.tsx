import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../ui/Button';

/** Shown when a page fails to load or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="max-w-md text-muted">This page could not be shown. Please reload and try again.</p>
      {detail && <p className="max-w-md text-xs text-muted">{detail}</p>}
      <div className="flex gap-2">
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>Reload Page</button>
        <a href="/" className={buttonClass('secondary')}>Return to Home</a>
      </div>
    </main>
  );
}
