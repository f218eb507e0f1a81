export { type BundlerSettings, sponsorLimitsFromEnv } from './bundler/config.ts'
export {
  type ChainOptionsInput,
  DEFAULT_PRICES,
  iconTableFromEnv,
  type MetadataOptionsInput,
  metadataOptionsFromEnv,
  priceTableFromEnv,
} from './chain-data/config.ts'
export { type ChainServices, startChainServices } from './chain-data/service.ts'
export { readTokenList } from './chain-data/token-list.ts'
export { SwapsOptions, type SwapsOptionsInput } from './convert/config.ts'
export { type Database, type OpenDatabaseOptions, openDatabase } from './db/database.ts'
export type { Tables } from './db/tables.ts'
export { type DevMail, type DevMailbox, startDevMailbox } from './embedded/dev-mailbox.ts'
export type { EmbeddedWalletSettings } from './embedded/setup.ts'
export { type TrustProxy, trustProxyFromEnv } from './http/trust-proxy.ts'
export { ChainIndexer, type IndexerOptions, type IndexerStatus } from './indexer/indexer.ts'
export { serverModules } from './modules.ts'
export { type OnrampSettings, onrampSettingsFromEnv } from './onramp/config.ts'
export { ProjectInputError, UnknownProjectError } from './projects/errors.ts'
export { normaliseOrigin } from './projects/origin.ts'
export {
  addOrigin,
  createProject,
  ensureProject,
  getProject,
  listProjects,
  type Project,
  type ProjectInput,
} from './projects/repository.ts'
export { type RpcProxyOptionsInput, rpcUpstreamsFromEnv } from './rpc-proxy/config.ts'
export { type RpcProxy, startRpcProxy } from './rpc-proxy/service.ts'
export { type BuildServerOptions, buildServer } from './server.ts'
export type { DevelopmentStack } from './server-module.ts'
export { SiwxErrorText, type SiwxOptions } from './siwx/routes.ts'
export { type SocialSettings, socialSettingsFromEnv } from './social/config.ts'
export { CALLBACK_PATH as SOCIAL_CALLBACK_PATH } from './social/setup.ts'
export { type RunningServer, type StartServerOptions, startServer } from './start.ts'
