import { useEffect } from 'react';
import { rpcEndpoint } from './endpoint';
import { registerLocalWallet } from './localWallet/register';
import { useClientConfig } from '../api/config';

/** Offers the Local wallet once /api/config says local mode; never on a real cluster. */
export function LocalWalletRegistrar() {
  const { data } = useClientConfig();
  const localMode = data?.localMode === true;
  useEffect(() => {
    if (localMode) registerLocalWallet(rpcEndpoint());
  }, [localMode]);
  return null;
}
