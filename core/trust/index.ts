// The trust panel (issues 23 and 34): what a careful donor should know, as facts and flags.
export * from './facts';
export * from './flags';
export * from './share';
export * from './custody';
export * from './remembered';
export * from './verdict';
export * from './walletProof';
