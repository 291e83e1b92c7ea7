import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../services';
import { configRoutes } from './config/config';
import { authRoutes } from './auth/auth';
import { uploadsRoutes } from './uploads/uploads';
import { accountRoutes } from './account/account';
import { profilesRoutes } from './profiles/profiles';
import { ipfsRoutes } from './ipfs/ipfs';
import { healthRoutes } from './health/health';
import { eventsRoutes } from './events/events';
import { settingsRoutes } from './settings/settings';
import { platformRoutes } from './platform/platform';
import { adminRoutes } from './admin/admin';
import { analyticsRoutes } from './analytics/analytics';
import { campaignsRoutes } from './campaigns/campaigns';
import { donationsRoutes } from './donations/donations';
import { donationWalletsRoutes } from './donation-wallets/donationWallets';
import { proofRoutes } from './proof/proof';
import { trustRoutes } from './trust/trust';
import { officialTokenRoutes } from './official-token/officialToken';
import { charitiesRoutes } from './charities/charities';
import { gatewayRoutes } from './rpc/gateway';
import { rpcRoutes } from './rpc/rpc';
import { devRoutes } from './dev/dev';
import { revshareRoutes } from './revshare/revshare';
import { tokenMetadataRoutes } from './token-metadata/tokenMetadata';
import { reportsRoutes } from './reports/reports';
import { receiptsRoutes } from './receipts/receipts';
import { commentsRoutes } from './comments/comments';
import { curveRoutes } from './curve/curve';
import { verificationRoutes } from './verification/verification';
import { adminCampaignsRoutes } from './admin-campaigns/adminCampaigns';
import { adminDashboardRoutes } from './admin-dashboard/dashboard';
import { followsRoutes } from './follows/follows';
import { notificationsRoutes } from './notifications/notifications';
import { emailRoutes } from './email/email';

/** Every /api route plugin, one per resource folder. */
export const apiRoutes: FastifyPluginAsync<RouteOptions>[] = [
  configRoutes,
  authRoutes,
  uploadsRoutes,
  accountRoutes,
  profilesRoutes,
  healthRoutes,
  eventsRoutes,
  settingsRoutes,
  platformRoutes,
  adminRoutes,
  analyticsRoutes,
  campaignsRoutes,
  donationsRoutes,
  donationWalletsRoutes,
  proofRoutes,
  trustRoutes,
  officialTokenRoutes,
  charitiesRoutes,
  gatewayRoutes,
  rpcRoutes,
  devRoutes,
  curveRoutes,
  revshareRoutes,
  tokenMetadataRoutes,
  reportsRoutes,
  receiptsRoutes,
  commentsRoutes,
  verificationRoutes,
  adminCampaignsRoutes,
  adminDashboardRoutes,
  followsRoutes,
  notificationsRoutes,
  emailRoutes,
];

/** Route plugins mounted at the site root, outside /api (uploaded files at /ipfs/{cid}). */
export const rootRoutes: FastifyPluginAsync<RouteOptions>[] = [
  ipfsRoutes,
];
