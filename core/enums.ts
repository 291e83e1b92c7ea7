// Every enumeration the spec names, declared once. The database schema and the
// zod schemas both read these lists, so a value can only be added in one place.

export const CAMPAIGN_CATEGORIES = [
  'Medical', 'Emergency', 'Education', 'Animals', 'Environment', 'Community',
  'Sports', 'Creative', 'Business', 'Event', 'Family', 'Memorial', 'Nonprofit',
  'Travel', 'Wishes', 'Other',
] as const;
export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];
export const DEFAULT_CAMPAIGN_CATEGORY: CampaignCategory = 'Other';

// 'active' is the only status the spec sets; admin views treat null, active and live as active.
export const CAMPAIGN_STATUSES = ['active', 'live', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const BONDING_CURVE_TYPES = [1, 2] as const;
export type BondingCurveType = (typeof BONDING_CURVE_TYPES)[number];

export const REPORT_TYPES = [
  'Fraudulent/Scam', 'Misleading Information', 'Inappropriate Content', 'Copyright Violation',
  'Identity Theft', 'Harassment', 'Money Laundering Suspicion', 'Other',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_STATUSES = ['pending', 'investigating', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const VERIFICATION_STATUSES = ['pending', 'reviewing', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const ORGANIZATION_TYPES = ['nonprofit', 'charity', 'personal', 'community', 'business', 'other'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = {
  nonprofit: 'Non-Profit',
  charity: 'Registered Charity',
  personal: 'Personal Campaign',
  community: 'Community Project',
  business: 'Business/Startup',
  other: 'Other',
};

export const CHARITY_CATEGORIES = [
  'Child Protection', 'Human Trafficking', 'Autism Support', 'Health & Medical', 'Animal Welfare',
  'Children & Humanitarian', 'Basic Needs', 'Education', 'Environment', 'Veterans', 'Other',
] as const;
export type CharityCategory = (typeof CHARITY_CATEGORIES)[number];
/** The seven categories the public page has been seen with. */
export const PUBLIC_CHARITY_CATEGORIES: readonly CharityCategory[] = CHARITY_CATEGORIES.slice(0, 7);

export const DEVICE_TYPES = ['tablet', 'mobile', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const BROWSERS = ['firefox', 'samsung', 'opera', 'ie', 'edge', 'chrome', 'safari', 'unknown'] as const;
export type Browser = (typeof BROWSERS)[number];

export const UPLOAD_KINDS = ['token_logo', 'profile_photo', 'campaign_photo', 'campaign_video', 'verification_document'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const PLATFORM_STAT_KEYS = ['total_sol_raised', 'total_campaigns', 'total_donations', 'total_backers'] as const;
export type PlatformStatKey = (typeof PLATFORM_STAT_KEYS)[number];

export const SESSION_ACTIONS = ['authenticated', 'created_campaign', 'made_trade'] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

export const ROADMAP_STATUSES = ['completed', 'in-progress', 'upcoming'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];
