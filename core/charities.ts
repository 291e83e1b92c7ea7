// The built-in charity list (spec 2 section 3: "A built-in static list is the fallback when the
// table cannot be read"): the seed fills verified_charities from it on a fresh database, and the
// public page shows its active entries when /api/charities fails and the browser has no saved
// copy. Pure data, shared by both sides.
//
// Fictional organisations for local use and demos, clearly labelled as samples; an operator
// replaces them with vetted ones in the admin area. Domains are .example. Each wallet is a
// real ed25519 public key derived from the name (server/db/seed/sampleAddress.ts, checked by
// the seed test) that nobody holds the secret of: a sample, not a wallet to fund.

import type { CharityCategory } from './enums';

export type BuiltInCharity = {
  name: string;
  category: CharityCategory;
  /** Display text; the link is https:// in front of it. */
  website: string;
  wallet_address: string;
  description: string;
  is_active: boolean;
};

const sample = (name: string, category: CharityCategory, website: string, wallet_address: string, about: string, is_active = true): BuiltInCharity =>
  ({ name, category, website, wallet_address, description: `Sample organisation: ${about}`, is_active });

/** In display order (display_order = index + 1). */
export const BUILT_IN_CHARITIES: readonly BuiltInCharity[] = [
  sample('Safe Harbor Children (Sample)', 'Child Protection', 'safeharbor-children.example', '3oeWug13MUj2mNiR798m5D5bPXwDgtSQHjkJCFAKGHpq',
    'protects children from abuse and neglect through shelters and family support.'),
  sample('Guardian Light Youth Trust (Sample)', 'Child Protection', 'guardianlight.example', '5DkBjmVovGkSZkyJStJMDMbKYw6eJ7dm83rA64aEuoPJ',
    'funds child advocates and safe-reporting hotlines.'),
  sample('Brightwatch Kids Alliance (Sample)', 'Child Protection', 'brightwatch.example', 'FwD9jAutups7WWCL9y9kETNF8Rt1hUv4XszJ1CS8367R',
    'trains schools and communities to recognise and prevent child exploitation.'),
  sample('Freedom Path Collective (Sample)', 'Human Trafficking', 'freedompath.example', '31WMVcz76fwyKPofX2gpMcTHQYYujbTSTvYuAyzoFiK6',
    'rescues and rehabilitates survivors of human trafficking.'),
  sample('Open Door Rescue Network (Sample)', 'Human Trafficking', 'opendoor-rescue.example', '8JEA26B4Ry6HWvd8Y8PYiG2LxMrn8mazt5HPjnA9ViLB',
    'runs safe houses and legal aid for trafficking survivors.'),
  sample('Unbroken Chains Initiative (Sample)', 'Human Trafficking', 'unbrokenchains.example', 'GxWkWEYfjx7hBNmhqePZgKmsPjijfDUnmuB2x35mfXZe',
    'investigates trafficking networks with local authorities.'),
  sample('Spectrum Bridges Foundation (Sample)', 'Autism Support', 'spectrumbridges.example', 'AEeb5i1EFG5vHPu5aytfaVuUP1BHoTJqrNQZ7zRHMT4A',
    'provides therapy grants and respite care for autistic children and their families.'),
  sample('Quiet Spaces Autism Fund (Sample)', 'Autism Support', 'quietspaces.example', 'rhspZFwFYJRzrJ5mhHVLLQKsFJ5uxX5s9v2D1yccpCM',
    'builds sensory-friendly spaces in schools and clinics.'),
  sample('Clearview Medical Relief (Sample)', 'Health & Medical', 'clearview-relief.example', '59i56DjteGtioq5E3xY8ssnxcT1AoJPnyvdr1at7WxLK',
    'pays for surgeries and treatment for patients who cannot afford them.'),
  sample('Heartline Research Society (Sample)', 'Health & Medical', 'heartline.example', 'BS2ZvV59wxU61k4FrW6DhrAbBvEaDUJLLjGuhWjEFjh4',
    'funds research into rare childhood diseases.'),
  sample('Wellspring Clinics Abroad (Sample)', 'Health & Medical', 'wellspring-clinics.example', 'Co4wKPbCSEqFYgiDD1tfqkCDxFb5YD1iJNLfUUxb8YZQ',
    'supplies mobile clinics in underserved regions.'),
  sample('Paws & Whiskers Haven (Sample)', 'Animal Welfare', 'pawshaven.example', 'Gzv3VKRvN21sCLAYJkkojQ3eiSMVDehnSBxqA9SxP626',
    'rescues, treats and rehomes abandoned animals.'),
  sample('Wild Wings Sanctuary (Sample)', 'Animal Welfare', 'wildwings.example', 'FpsFAbWAkcdCivXhuKbFjmtUAd7D1N93qFdF3o8buU3Q',
    'rehabilitates injured wildlife and protects habitats.'),
  sample('Second Chance Shelter League (Sample)', 'Animal Welfare', 'secondchance-shelters.example', 'FeP5dQ9iKPPa4QUDRyPHreCYPUimEE5nEDV4wo9bVJHy',
    'supports no-kill shelters with food, vets and volunteers.'),
  sample('Little Steps Humanitarian Aid (Sample)', 'Children & Humanitarian', 'littlesteps.example', 'AVY4PLwKH4txDgjYqqnxq4No96hj1j5UnQ95jS7fsHEj',
    'delivers emergency food, water and schooling to children in crisis zones.'),
  sample('Hope Across Borders (Sample)', 'Children & Humanitarian', 'hopeacrossborders.example', '2afFW9H3khh4aFjkr41az1GsMfbguvjyyZCboc4NH2Bs',
    'reunites displaced children with their families.'),
  sample('Daily Bread Community Kitchen (Sample)', 'Basic Needs', 'dailybread.example', 'HG123VhMRpuJTYpKwo3M99LrYBVPHBkJzyoY9XLXFKeD',
    'serves free meals and groceries to families in need.'),
  sample('Warm Shelter Project (Sample)', 'Basic Needs', 'warmshelter.example', 'JCAdnws2rrMGQbbeKkHn8it25C3PcSy3A7u9K7S9r1zS',
    'provides emergency housing, blankets and winter clothing.'),
  sample('Clean Water Circle (Sample)', 'Basic Needs', 'cleanwatercircle.example', 'Djz1VPrJD684RfaivHkygjgCXbyu93rcEf6kVCGsJpeq',
    'drills wells and installs water filters in rural villages.'),
  // Inactive: only the admin view shows these.
  sample('Evergreen Veterans Fund (Sample)', 'Veterans', 'evergreen-veterans.example', 'HjmmuPbwdePxVLgaBRdtZYB6R8SyWJ3bpEg2YRMC2bhr',
    'helps veterans with housing and job training.', false),
  sample('Green Canopy Trust (Sample)', 'Environment', 'greencanopy.example', 'CpBHvRJVNuGzPUJdHVMR6Ca8jq7dS6WdjjdjSiy1Js4Q',
    'plants and protects native forests.', false),
];
