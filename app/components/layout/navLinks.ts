export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/explore', label: 'Explore' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/official-token', label: 'Official Token' },
  { to: '/get-verified', label: 'Get Verified' },
] as const;
