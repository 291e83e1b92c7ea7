// The bonding curve: state, trades and metrics (a DBC pool read as a CurveState: dbcState.ts).
export * from './constants';
export * from './state';
export * from './trade';
export * from './metrics';
