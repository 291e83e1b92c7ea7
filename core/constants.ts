// Business constants of the spec (1-platform.md section 9, 2-trust-and-admin.md section 9).

export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const TOKEN_DECIMALS = 9;
export const TOKEN_TOTAL_SUPPLY = 1_000_000_000n * 10n ** BigInt(TOKEN_DECIMALS);

export const CAMPAIGN_TAX_BPS = 600;
export const OFFICIAL_TOKEN_TAX_BPS = 1000;
export const PLATFORM_FEE_PERCENT_OF_REWARDS = 20;

export const DEFAULT_SLIPPAGE_BPS = 500;
export const DEFAULT_MIGRATION_THRESHOLD_SOL = 85;
export const GRADUATION_THRESHOLD_SOL = { 1: 20, 2: 60 } as const;

export const CREATION_COST = { tokenCreation: '0.03', maintenance: '0.01', platform: '0.01', total: '0.05' } as const;

export const INITIAL_BUY_MIN_SOL = '0.001';
export const INITIAL_BUY_MAX_SOL = '2';
export const GOAL_MIN_SOL = 1;
export const GOAL_MAX_SOL = 1000;
export const DEFAULT_GOAL_SOL = 100;

export const NAME_MAX = 30;
export const TICKER_MIN = 3;
export const TICKER_MAX = 10;
export const DESCRIPTION_MAX = 200;
export const MAX_PHOTOS = 3;

export const MB = 1024 * 1024;
export const FILE_LIMITS = {
  logo: 10 * MB,
  campaignPhoto: 10 * MB,
  galleryImage: 5 * MB,
  profilePhoto: 3 * MB,
  video: 50 * MB,
  verificationDocument: 10 * MB,
} as const;

export const WALLET_AUTH_VALIDITY_MS = 3_600_000;
export const AUTH_NONCE_TTL_MS = 5 * 60_000;
/** A donation wallet's confirmation request lives a day: it may go to whoever holds that wallet (a charity's treasurer). */
export const DONATION_WALLET_CHALLENGE_TTL_MS = 24 * 3_600_000;
/** Default of BACKER_MIN_LAMPORTS: a backer has put at least 0.01 SOL in (direct donations plus buys). */
export const DEFAULT_BACKER_MIN_LAMPORTS = 10_000_000n;
export const ADMIN_SESSION_MS = 24 * 3_600_000;

export const ADMIN_PREFIX = '/xk9j2m4p';

export const RPC_RATE_LIMIT = { max: 10, windowMs: 5000 } as const;
export const RPC_UPSTREAM_429_WAIT_MS = 5000;

export const MAINTENANCE_POLL_MS = 5000;
export const MAINTENANCE_RELOAD_MS = 5000;
export const DEFAULT_MAINTENANCE_MESSAGE =
  "We're currently performing scheduled maintenance to improve our platform. We'll be back shortly!";
export const DEFAULT_SCHEDULE_MESSAGE = 'Scheduled maintenance to improve our platform.';

export const COOKIE_BANNER_DELAY_MS = 1500;
export const COOKIE_LIFETIME_DAYS = {
  userPreferences: 30,
  visitedCampaigns: 7,
  walletConnection: 30,
  themePreference: 365,
  cookieConsent: 365,
} as const;

export const TICKER_MAX_CAMPAIGNS = 15;
// The spec treats the ticker TEST as not found everywhere.
export const HIDDEN_TICKER = 'TEST';
export const HOME_INITIAL_CARDS = 8;
// The top N public campaigns by market cap carry the TRENDING badge.
export const TRENDING_COUNT = 8;
export const HOME_PAGE_SIZE = 12;
export const EXPLORE_PAGE_SIZE = 32;
// Sharing: the Open Graph description's length and the card image's size.
export const META_DESCRIPTION_MAX = 160;
export const OG_IMAGE = { width: 1200, height: 630 } as const;
export const DONATIONS_PAGE_SIZE = 10;
export const DEFAULT_MARKET_CAP_USD = 10_000;
export const SIGN_IN_PROMPT_DELAY_MS = 500;
export const COPY_INDICATOR_MS = 2000;

export const PROGRESS_RING_DEFAULT_SIZE = 120;
export const PROGRESS_RING_DEFAULT_STROKE = 4;

export const SITE_NAME = 'Causemint';
