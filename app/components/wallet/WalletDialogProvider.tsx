import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { WalletDialogContext } from '../../solana/walletDialog';
import { loadWalletEngine } from '../../solana/walletEngine/load';
import { WalletDialog } from './WalletDialog';

/** One wallet dialog per page, opened by any wallet button or by useWalletDialog(). */
export function WalletDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  // Opened before the engine's idle-time load: the wallets are needed now.
  useEffect(() => { if (open) void loadWalletEngine(); }, [open]);
  return (
    <WalletDialogContext.Provider value={value}>
      {children}
      <WalletDialog open={open} onOpenChange={setOpen} />
    </WalletDialogContext.Provider>
  );
}
