/**
 * A launch step that cannot succeed however often it is retried (a transaction that
 * failed on chain, metadata that does not fit): the request is refunded.
 */
export class LaunchFailure extends Error {}

/** The step's outcome is unknown or it hit a passing problem: it is retried (now or after a restart). */
export class LaunchRetry extends Error {}
