// The bonding curve: state, trades, the trader's view after the transfer fee, and metrics.
export * from './constants';
export * from './state';
export * from './trade';
export * from './fees';
export * from './metrics';
