import { NAME_MAX, TICKER_MAX } from '../../../core/constants';
import { DBC_CREATION_FEE_LAMPORTS, dbcLaunchNetworkLamports, metadataUriOf } from '../../../core/dbcLaunch';
import { DEFAULT_CAMPAIGN_CATEGORY, type BondingCurveType, type CampaignCategory } from '../../../core/enums';
import { formatSol } from '../../../core/money';
import { CREATION_MESSAGES, creationFormSchema, type CreationForm } from '../../../core/schemas/creation';

/** The form as typed. The donation wallet is either a verified charity's or a custom address. */
export type FormValues = {
  name: string;
  ticker: string;
  goal: string;
  category: CampaignCategory;
  initialBuy: string;
  donationChoice: 'charity' | 'custom';
  charityId: string;
  donationWallet: string;
  description: string;
  website: string;
  twitter: string;
  telegram: string;
  bondingCurveType: BondingCurveType;
};

export type FieldName = keyof FormValues | 'logo';
export type FieldErrors = Partial<Record<FieldName, string>>;

export const LOGO_REQUIRED = CREATION_MESSAGES.logoRequired;

export const INITIAL_VALUES: FormValues = {
  name: '',
  ticker: '',
  goal: '',
  category: DEFAULT_CAMPAIGN_CATEGORY,
  initialBuy: '',
  donationChoice: 'custom',
  charityId: '',
  donationWallet: '',
  description: '',
  website: '',
  twitter: '',
  telegram: '',
  bondingCurveType: 1,
};

export type Validation = { errors: FieldErrors; form: CreationForm | null };

/** The shared creation rules (core/schemas/creation) plus the logo, first message per field. */
export function validateForm(values: FormValues, hasLogo: boolean): Validation {
  const errors: FieldErrors = {};
  if (!hasLogo) errors.logo = LOGO_REQUIRED;
  const result = creationFormSchema.safeParse({
    name: values.name,
    ticker: values.ticker,
    goal: values.goal,
    category: values.category,
    initialBuy: values.initialBuy,
    donationWallet: values.donationWallet,
    description: values.description,
    website: values.website,
    twitter: values.twitter,
    telegram: values.telegram,
    bondingCurveType: values.bondingCurveType,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return { errors, form: null };
  }
  return { errors, form: Object.keys(errors).length ? null : result.data };
}

/** Where each field lives, so a failing field's collapsed section opens. */
export const SECTION_OF: Partial<Record<FieldName, 'social' | 'advanced'>> = {
  website: 'social', twitter: 'social', telegram: 'social', bondingCurveType: 'advanced',
};

export type DbcCostBreakdown = {
  creationFee: string;
  initialBuy: string | null;
  /** Rent for the pool's new accounts and the network fee, rounded up: an estimate (the wallet shows the exact figure). */
  network: string;
  total: string;
};

// Estimates are shown rounded up to 0.001 SOL: still an upper bound, and short enough for the button on a phone.
const ESTIMATE_STEP = 1_000_000n;
const roundUp = (lamports: bigint) => ((lamports + ESTIMATE_STEP - 1n) / ESTIMATE_STEP) * ESTIMATE_STEP;

/**
 * What a launch on a DBC pool costs (issue 36): the 0.02 SOL creation fee, the initial buy,
 * and the rent for its accounts plus the network fee, from the name and ticker as typed (the
 * longest ones until they are) and this site's address (the mint's metadata uri).
 */
export function dbcCostBreakdown(values: Pick<FormValues, 'initialBuy' | 'name' | 'ticker'>, origin: string): DbcCostBreakdown {
  const parsed = creationFormSchema.shape.initialBuy.safeParse(values.initialBuy);
  const buy = parsed.success && parsed.data > 0n ? parsed.data : 0n;
  const network = roundUp(dbcLaunchNetworkLamports(buy, {
    name: values.name.trim() || 'x'.repeat(NAME_MAX), symbol: values.ticker.trim() || 'X'.repeat(TICKER_MAX), uri: metadataUriOf(origin, 'x'.repeat(44)),
  }));
  return {
    creationFee: formatSol(DBC_CREATION_FEE_LAMPORTS),
    initialBuy: buy > 0n ? formatSol(buy) : null,
    network: formatSol(network),
    total: formatSol(DBC_CREATION_FEE_LAMPORTS + buy + network),
  };
}
