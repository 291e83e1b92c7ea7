import { platformAddressesAmong } from '../policies/donationWallet';
import type { Services } from '../services';

/** Which addresses are platform addresses (server/policies/donationWallet.ts), asked once per address in a scan. */
export class PlatformAddresses {
  private readonly known = new Map<string, boolean>();
  constructor(private readonly services: Services) {}

  async among(addresses: Iterable<string>): Promise<Set<string>> {
    const list = [...new Set(addresses)];
    const unknown = list.filter((a) => !this.known.has(a));
    if (unknown.length > 0) {
      const platform = await platformAddressesAmong(this.services, unknown);
      for (const a of unknown) this.known.set(a, platform.has(a));
    }
    return new Set(list.filter((a) => this.known.get(a)));
  }
}
