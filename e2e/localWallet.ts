import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Shared by browser tests that need a connected wallet: the header's wallet button (the
// mobile menu renders another only while it is open) and the Local wallet of local mode.

export const walletButton = (page: Page) => page.getByTestId('wallet-slot').getByTestId('wallet-button');
export const headerAddress = (page: Page) => page.getByTestId('wallet-slot').getByTestId('wallet-address');

/** Connects the Local wallet from the header's wallet dialog. */
export async function connectLocalWallet(page: Page): Promise<void> {
  await expect.poll(() => walletButton(page).textContent(), { timeout: 15_000 }).toBe('Connect Wallet');
  await walletButton(page).click();
  const options = page.getByTestId('wallet-option');
  await options.first().waitFor();
  // Local mode: the Local wallet is offered, first.
  expect(await options.first().textContent()).toContain('Local wallet');
  await options.filter({ hasText: 'Local wallet' }).click();
  // Attached, not visible: below 1024 px the header shows the balance and the menu the address.
  await headerAddress(page).waitFor({ state: 'attached', timeout: 15_000 });
}

/** The Local wallet's full address, from the key it keeps in the browser. */
export async function localWalletAddress(page: Page): Promise<string> {
  const secret = await page.evaluate(() => localStorage.getItem('causemintLocalWalletSecretKey'));
  expect(secret).toBeTruthy();
  return Keypair.fromSecretKey(bs58.decode(secret!)).publicKey.toBase58();
}

/** GET /api/auth/session from inside the page (its cookies): the session, null when signed out, or the HTTP status of a failure. */
export function pageSession(page: Page): Promise<{ wallet: string; expiresAt: string } | null | number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/auth/session', { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as { session: { wallet: string; expiresAt: string } | null }).session : res.status;
  });
}
