// Public contact points shown in the footer. Override at build time with VITE_* variables.
const env = import.meta.env;

export const SUPPORT_EMAIL: string = env.VITE_SUPPORT_EMAIL || 'support@causemint.app';
export const SOCIAL_URL: string = env.VITE_SOCIAL_URL || 'https://x.com/causemint';
export const SOCIAL_LABEL = 'Causemint on X';
