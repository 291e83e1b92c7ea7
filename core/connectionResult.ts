/** Spec 2's connection results: what a part of the platform answered when it was tested. */
export const CONNECTION_RESULTS = ['Connected', 'Disconnected', 'Failed', 'Partial'] as const;
export type ConnectionResult = (typeof CONNECTION_RESULTS)[number];

/**
 * A storage probe's result: Connected when written and read back, Partial when the write
 * landed but the read did not, Disconnected when the store could not be reached, else Failed.
 */
export function storageResult(probe: { ok: boolean; write: boolean; unreachable?: boolean }): ConnectionResult {
  if (probe.ok) return 'Connected';
  if (probe.write) return 'Partial';
  return probe.unreachable ? 'Disconnected' : 'Failed';
}
