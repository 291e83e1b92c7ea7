// The trust panel (issue 23): what a careful donor should know, as facts and flags.
export * from './facts';
export * from './flags';
export * from './share';
export * from './custody';
