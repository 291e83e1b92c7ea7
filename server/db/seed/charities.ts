import type { CharityCategory } from '../../../core/enums';

export type SampleCharity = {
  name: string;
  category: CharityCategory;
  website: string;
  about: string;
  isActive: boolean;
};

// Fictional organisations for local use and demos, clearly labelled as samples; an
// operator replaces them with vetted ones in the admin area. Domains are .example.
export const SAMPLE_CHARITIES: readonly SampleCharity[] = [
  { name: 'Safe Harbor Children (Sample)', category: 'Child Protection', website: 'safeharbor-children.example', about: 'protects children from abuse and neglect through shelters and family support.', isActive: true },
  { name: 'Guardian Light Youth Trust (Sample)', category: 'Child Protection', website: 'guardianlight.example', about: 'funds child advocates and safe-reporting hotlines.', isActive: true },
  { name: 'Brightwatch Kids Alliance (Sample)', category: 'Child Protection', website: 'brightwatch.example', about: 'trains schools and communities to recognise and prevent child exploitation.', isActive: true },
  { name: 'Freedom Path Collective (Sample)', category: 'Human Trafficking', website: 'freedompath.example', about: 'rescues and rehabilitates survivors of human trafficking.', isActive: true },
  { name: 'Open Door Rescue Network (Sample)', category: 'Human Trafficking', website: 'opendoor-rescue.example', about: 'runs safe houses and legal aid for trafficking survivors.', isActive: true },
  { name: 'Unbroken Chains Initiative (Sample)', category: 'Human Trafficking', website: 'unbrokenchains.example', about: 'investigates trafficking networks with local authorities.', isActive: true },
  { name: 'Spectrum Bridges Foundation (Sample)', category: 'Autism Support', website: 'spectrumbridges.example', about: 'provides therapy grants and respite care for autistic children and their families.', isActive: true },
  { name: 'Quiet Spaces Autism Fund (Sample)', category: 'Autism Support', website: 'quietspaces.example', about: 'builds sensory-friendly spaces in schools and clinics.', isActive: true },
  { name: 'Clearview Medical Relief (Sample)', category: 'Health & Medical', website: 'clearview-relief.example', about: 'pays for surgeries and treatment for patients who cannot afford them.', isActive: true },
  { name: 'Heartline Research Society (Sample)', category: 'Health & Medical', website: 'heartline.example', about: 'funds research into rare childhood diseases.', isActive: true },
  { name: 'Wellspring Clinics Abroad (Sample)', category: 'Health & Medical', website: 'wellspring-clinics.example', about: 'supplies mobile clinics in underserved regions.', isActive: true },
  { name: 'Paws & Whiskers Haven (Sample)', category: 'Animal Welfare', website: 'pawshaven.example', about: 'rescues, treats and rehomes abandoned animals.', isActive: true },
  { name: 'Wild Wings Sanctuary (Sample)', category: 'Animal Welfare', website: 'wildwings.example', about: 'rehabilitates injured wildlife and protects habitats.', isActive: true },
  { name: 'Second Chance Shelter League (Sample)', category: 'Animal Welfare', website: 'secondchance-shelters.example', about: 'supports no-kill shelters with food, vets and volunteers.', isActive: true },
  { name: 'Little Steps Humanitarian Aid (Sample)', category: 'Children & Humanitarian', website: 'littlesteps.example', about: 'delivers emergency food, water and schooling to children in crisis zones.', isActive: true },
  { name: 'Hope Across Borders (Sample)', category: 'Children & Humanitarian', website: 'hopeacrossborders.example', about: 'reunites displaced children with their families.', isActive: true },
  { name: 'Daily Bread Community Kitchen (Sample)', category: 'Basic Needs', website: 'dailybread.example', about: 'serves free meals and groceries to families in need.', isActive: true },
  { name: 'Warm Shelter Project (Sample)', category: 'Basic Needs', website: 'warmshelter.example', about: 'provides emergency housing, blankets and winter clothing.', isActive: true },
  { name: 'Clean Water Circle (Sample)', category: 'Basic Needs', website: 'cleanwatercircle.example', about: 'drills wells and installs water filters in rural villages.', isActive: true },
  // Inactive: only the admin view shows these.
  { name: 'Evergreen Veterans Fund (Sample)', category: 'Veterans', website: 'evergreen-veterans.example', about: 'helps veterans with housing and job training.', isActive: false },
  { name: 'Green Canopy Trust (Sample)', category: 'Environment', website: 'greencanopy.example', about: 'plants and protects native forests.', isActive: false },
];
