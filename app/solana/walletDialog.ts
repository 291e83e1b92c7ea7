import { createContext, useContext } from 'react';

export type WalletDialogState = { open: boolean; setOpen: (open: boolean) => void };

export const WalletDialogContext = createContext<WalletDialogState>({ open: false, setOpen: () => {} });

/** Opens the wallet selection dialog from anywhere (e.g. the 'Wallet not connected' toast). */
export function useWalletDialog(): WalletDialogState {
  return useContext(WalletDialogContext);
}
