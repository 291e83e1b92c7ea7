import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as { kind: string; title: string; options: { description?: string; action?: { label: string; onClick: () => void } } }[]);
vi.mock('sonner', () => {
  const record = (kind: string) => (title: string, options: never) => { calls.push({ kind, title, options }); };
  return { toast: Object.assign(record('default'), { error: record('error'), success: record('success') }) };
});

const { toastExtensionIssue, toastUnexpectedWalletError } = await import('./walletToasts');

describe('wallet toasts (spec 1 section 8, verbatim)', () => {
  beforeEach(() => { calls.length = 0; });

  it("'Extension Issue' asks for a refresh and its Refresh action reloads the page", () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    toastExtensionIssue();
    expect(calls).toHaveLength(1);
    const [shown] = calls;
    expect(shown.title).toBe('Extension Issue');
    expect(shown.options.description).toBe('Having trouble connecting to Phantom. Please refresh the page.');
    expect(shown.options.action?.label).toBe('Refresh');
    shown.options.action?.onClick();
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it("the generic 'Error' toast", () => {
    toastUnexpectedWalletError();
    expect(calls).toEqual([{ kind: 'error', title: 'Error', options: { description: 'An unexpected error occurred. Please try again.' } }]);
  });
});
