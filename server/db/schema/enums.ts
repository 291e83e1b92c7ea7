import { pgEnum } from 'drizzle-orm/pg-core';
import {
  BROWSERS, CAMPAIGN_CATEGORIES, CAMPAIGN_STATUSES, CHARITY_CATEGORIES, DEVICE_TYPES,
  ORGANIZATION_TYPES, REPORT_STATUSES, REPORT_TYPES, UPLOAD_KINDS, VERIFICATION_STATUSES,
} from '../../../core/enums';

export const campaignCategory = pgEnum('campaign_category', CAMPAIGN_CATEGORIES);
export const campaignStatus = pgEnum('campaign_status', CAMPAIGN_STATUSES);
export const reportType = pgEnum('report_type', REPORT_TYPES);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);
export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);
export const organizationType = pgEnum('organization_type', ORGANIZATION_TYPES);
export const charityCategory = pgEnum('charity_category', CHARITY_CATEGORIES);
export const deviceType = pgEnum('device_type', DEVICE_TYPES);
export const browserName = pgEnum('browser_name', BROWSERS);
export const uploadKind = pgEnum('upload_kind', UPLOAD_KINDS);
