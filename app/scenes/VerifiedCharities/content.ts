// The vetting explanation of the Verified Charities page (spec 2 section 2.5).

export const VETTING_STEPS = [
  { title: 'Registration checked', text: 'We confirm the organisation is a registered charity or non-profit in its country and in good standing.' },
  { title: 'Wallet ownership proven', text: 'The charity proves it controls the donation wallet, so every payout reaches the organisation itself.' },
  { title: 'Mission and reporting reviewed', text: 'We review what the charity does, how it reports on its work and how it uses donations.' },
  { title: 'Kept under review', text: 'Charities that stop meeting these standards are deactivated and leave this list and the campaign form.' },
] as const;

export const CONTACT_SUBJECT = 'Charity verification request';
