import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { ADMIN_PREFIX } from '../core/constants';
import { prefetchSiteSettings } from './api/settings';
import { router } from './routes';
import { AuthProvider } from './auth/AuthProvider';
import { SolanaProviders } from './solana/SolanaProviders';
import { BANNER_HEIGHT_VAR } from './components/layout/CookieBanner';

// sonner's own defaults (24 px, 16 px on phones), plus the cookie banner's height while it shows.
const TOAST_OFFSET = { bottom: `calc(var(${BANNER_HEIGHT_VAR}, 0px) + 24px)` };
const TOAST_MOBILE_OFFSET = { bottom: `calc(var(${BANNER_HEIGHT_VAR}, 0px) + 16px)` };

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
      <Toaster theme="dark" position="bottom-right" richColors closeButton offset={TOAST_OFFSET} mobileOffset={TOAST_MOBILE_OFFSET} />
    </QueryClientProvider>
  );
}
