import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { ADMIN_PREFIX } from '../../core/constants';
import { AppShell } from '../components/layout/AppShell';
import { PublicLayout } from '../components/layout/PublicLayout';
import { RouteError } from '../components/layout/RouteError';
import { Spinner } from '../components/ui/Spinner';
import { loadWalletEngine } from '../solana/walletEngine/load';

/** A lazily loaded scene: each page ships its own chunk. */
function scene<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

/** A scene that reads the wallet or the chain connection: it renders only once the wallet engine has loaded. */
function walletScene<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return scene(async () => (await Promise.all([load(), loadWalletEngine()]))[0], pick);
}

const publicRoutes: RouteObject[] = [
  { index: true, ...scene(() => import('../scenes/Home/HomePage'), (m) => m.HomePage) },
  { path: 'explore', ...scene(() => import('../scenes/Explore/ExplorePage'), (m) => m.ExplorePage) },
  { path: 'campaign/:tokenAddress/manage', ...walletScene(() => import('../scenes/ManageCampaign/ManageCampaignPage'), (m) => m.ManageCampaignPage) },
  // Spec 1 'Legacy route': /c/{campaignId} (and /campaign/{numeric id}, handled by the campaign page).
  { path: 'c/:legacyId', ...scene(() => import('../scenes/Campaign/LegacyCampaignRedirect'), (m) => m.LegacyCampaignRedirect) },
  { path: 'campaign/:tokenAddress', ...walletScene(() => import('../scenes/Campaign/CampaignPage'), (m) => m.CampaignPage) },
  { path: 'how-it-works', ...scene(() => import('../scenes/HowItWorks/HowItWorksPage'), (m) => m.HowItWorksPage) },
  { path: 'verified-charities', ...scene(() => import('../scenes/VerifiedCharities/VerifiedCharitiesPage'), (m) => m.VerifiedCharitiesPage) },
  { path: 'get-verified', ...scene(() => import('../scenes/GetVerified/GetVerifiedPage'), (m) => m.GetVerifiedPage) },
  { path: 'terms', ...scene(() => import('../scenes/Legal/TermsPage'), (m) => m.TermsPage) },
  { path: 'privacy', ...scene(() => import('../scenes/Legal/PrivacyPage'), (m) => m.PrivacyPage) },
  { path: 'account', ...walletScene(() => import('../scenes/Account/AccountPage'), (m) => m.AccountPage) },
  { path: 'notifications', ...walletScene(() => import('../scenes/Notifications/NotificationsPage'), (m) => m.NotificationsPage) },
  { path: 'email/confirm', ...scene(() => import('../scenes/Email/ConfirmEmailPage'), (m) => m.ConfirmEmailPage) },
  { path: 'email/unsubscribe', ...scene(() => import('../scenes/Email/UnsubscribePage'), (m) => m.UnsubscribePage) },
  { path: 'email/not-me', ...scene(() => import('../scenes/Email/NotMePage'), (m) => m.NotMePage) },
  { path: 'account/verify', ...walletScene(() => import('../scenes/Verify/VerifyPage'), (m) => m.VerifyPage) },
  { path: 'account/verify/:tokenAddress', ...walletScene(() => import('../scenes/Verify/VerifyPage'), (m) => m.VerifyPage) },
  { path: 'confirm-donation-wallet/:nonce', ...walletScene(() => import('../scenes/ConfirmDonationWallet/ConfirmDonationWalletPage'), (m) => m.ConfirmDonationWalletPage) },
  { path: 'start-campaign', ...walletScene(() => import('../scenes/StartCampaign/StartCampaignPage'), (m) => m.StartCampaignPage) },
  // Spec 1: /trade without a token address goes to /explore.
  // The element as well as the loader: a leaf route without one logs a React Router warning.
  { path: 'trade', loader: () => redirect('/explore'), element: <Navigate to="/explore" replace /> },
  { path: 'trade/:tokenAddress', ...walletScene(() => import('../scenes/Trade/TradePage'), (m) => m.TradePage) },
  { path: 'official-token', ...walletScene(() => import('../scenes/OfficialToken/OfficialTokenPage'), (m) => m.OfficialTokenPage) },
  { path: 'progress-demo', ...scene(() => import('../scenes/ProgressDemo/ProgressDemoPage'), (m) => m.ProgressDemoPage) },
  { path: 'receipt/:signature/:donor?', ...scene(() => import('../scenes/Receipt/ReceiptPage'), (m) => m.ReceiptPage) },
  { path: 'report', ...scene(() => import('../scenes/Report/ReportPage'), (m) => m.ReportPage) },
  { path: 'test-supabase', ...scene(() => import('../scenes/TestSupabase/TestSupabasePage'), (m) => m.TestSupabasePage) },
  { path: '*', ...scene(() => import('../scenes/NotFound/NotFoundPage'), (m) => m.NotFoundPage) },
];

// Admin routes stay outside the public layout, so maintenance mode never hides them.
const adminRoutes: RouteObject[] = [
  { index: true, loader: () => redirect(`${ADMIN_PREFIX}/dashboard`), element: <Navigate to={`${ADMIN_PREFIX}/dashboard`} replace /> },
  { path: 'login', ...scene(() => import('../scenes/Admin/AdminLoginPage'), (m) => m.AdminLoginPage) },
  {
    ...scene(() => import('../scenes/Admin/AdminGuard'), (m) => m.AdminGuard),
    children: [
      { path: 'dashboard', ...scene(() => import('../scenes/Admin/Dashboard/DashboardPage'), (m) => m.DashboardPage) },
      { path: 'reports', ...scene(() => import('../scenes/Admin/Reports/ReportsPage'), (m) => m.ReportsPage) },
      { path: 'comments', ...scene(() => import('../scenes/Admin/Comments/CommentsPage'), (m) => m.CommentsPage) },
      { path: 'charities', ...scene(() => import('../scenes/Admin/Charities/CharitiesPage'), (m) => m.CharitiesPage) },
      { path: 'campaigns', ...scene(() => import('../scenes/Admin/Campaigns/CampaignsPage'), (m) => m.CampaignsPage) },
      { path: 'test-pinata', ...scene(() => import('../scenes/Admin/TestPinata/TestPinataPage'), (m) => m.TestPinataPage) },
      { path: '*', ...scene(() => import('../scenes/NotFound/NotFoundPage'), (m) => m.NotFoundPage) },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    Component: AppShell,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: ADMIN_PREFIX, children: adminRoutes },
      { path: '/', Component: PublicLayout, errorElement: <RouteError />, children: publicRoutes },
    ],
  },
];

export const router = createBrowserRouter(routes);
