import { adminModule } from './admin/module.ts'
import { analyticsModule } from './analytics/module.ts'
import { bundlerModule } from './bundler/module.ts'
import { chainDataModule } from './chain-data/module.ts'
import { convertModule } from './convert/module.ts'
import { dashboardModule } from './dashboard/module.ts'
import { devWalletModule } from './dev-wallet/module.ts'
import { embeddedModule } from './embedded/module.ts'
import { farcasterModule } from './farcaster/module.ts'
import { healthModule } from './health/module.ts'
import { namesModule } from './names/module.ts'
import { onrampModule } from './onramp/module.ts'
import { projectsModule } from './projects/module.ts'
import { rpcProxyModule } from './rpc-proxy/module.ts'
import type { ServerModule } from './server-module.ts'
import { siwxModule } from './siwx/module.ts'
import { socialModule } from './social/module.ts'
import { walletsModule } from './wallets/module.ts'
import { walletConnectRelayModule } from './wc-relay/module.ts'

/**
 * Every domain of the services, in the order start-up sets them up (a module sees what the ones
 * before it prepared: the dev wallet the relay's URL, the wallet list the dev wallet) and
 * portico-server lists its configuration problems. Closing runs backwards.
 */
export const serverModules: readonly ServerModule[] = [
  healthModule,
  adminModule,
  projectsModule,
  embeddedModule,
  siwxModule,
  walletConnectRelayModule,
  devWalletModule,
  walletsModule,
  dashboardModule,
  namesModule,
  chainDataModule,
  rpcProxyModule,
  analyticsModule,
  onrampModule,
  convertModule,
  farcasterModule,
  socialModule,
  bundlerModule,
]
