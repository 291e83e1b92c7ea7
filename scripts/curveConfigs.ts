// npm run curve:configs: creates the platform's DBC configs on the configured cluster (one per
// curve type; server/curve/configs.ts). A test network creates them
// at first start by itself; on devnet or mainnet an operator runs this once (docs/DEPLOY.md),
// and again after changing CURVE_PLATFORM_SHARE_PERCENT. The platform's DBC partner key pays.

import { closeServices, createServices } from '../server/bootstrap';
import { curvePartner, ensureCurveConfigs } from '../server/curve/configs';
import { EnvError, loadEnv } from '../server/env';

async function main(): Promise<void> {
  const env = loadEnv();
  const services = await createServices(env);
  try {
    const partner = await curvePartner(services);
    const lamports = await services.chain.connection.getBalance(partner.publicKey, 'confirmed');
    process.stdout.write(`Cluster: ${env.cluster}\nPartner key (pays about 0.01 SOL per config, and each graduation's accounts): ${partner.publicKey.toBase58()}, ${lamports / 1e9} SOL\n`);
    const configs = await ensureCurveConfigs(services, { create: true });
    for (const config of configs) {
      process.stdout.write(`Curve type ${config.curveType}: config ${config.address} (platform share ${config.platformSharePercent}%)\n`);
    }
  } finally {
    await closeServices(services);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof EnvError || err instanceof Error ? err.message : err);
  process.exit(1);
});
