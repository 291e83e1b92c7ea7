import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { ADMIN_PREFIX } from '../core/constants';
import { prefetchSiteSettings } from './api/settings';
import { router } from './routes';
import { AuthProvider } from './auth/AuthProvider';
import { SolanaProviders } from './solana/SolanaProviders';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: false } },
});

// The public layout waits for the site settings: fetch them while the first route's code loads, not after.
if (!window.location.pathname.startsWith(ADMIN_PREFIX)) prefetchSiteSettings(queryClient);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SolanaProviders>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </SolanaProviders>
      <Toaster theme="dark" position="bottom-right" richColors closeButton />
    </QueryClientProvider>
  );
}
