import type { WalletIcon } from '@wallet-standard/base';

// A key on a green disc: the Local wallet's mark in the wallet list.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#10b981"/><circle cx="24" cy="32" r="9" fill="none" stroke="#fff" stroke-width="5"/><path d="M33 32h18m-6 0v8m-6-8v6" stroke="#fff" stroke-width="5" stroke-linecap="round"/></svg>`;

export const LOCAL_WALLET_ICON = `data:image/svg+xml;base64,${btoa(svg)}` as WalletIcon;
