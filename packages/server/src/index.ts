// The public entry of `@portico/server`: running the services from code (`startServer`,
// `buildServer`), their database and projects, and the settings read from the environment. Test and
// bench support is `./testing`; the page server's error shape `./http-errors`. index.test.ts lists
// the runtime names.
export { type BundlerSettings, sponsorLimitsFromEnv } from './bundler/config.ts'
export {
  type ChainOptionsInput,
  iconTableFromEnv,
  type MetadataOptionsInput,
  metadataOptionsFromEnv,
  priceTableFromEnv,
} from './chain-data/config.ts'
export { readTokenList } from './chain-data/token-list.ts'
export type { SwapsOptionsInput } from './convert/config.ts'
export { type Database, type OpenDatabaseOptions, openDatabase } from './db/database.ts'
export type { Tables } from './db/tables.ts'
export type { EmbeddedWalletSettings } from './embedded/setup.ts'
export { type TrustProxy, trustProxyFromEnv } from './http/trust-proxy.ts'
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
export { type BuildServerOptions, buildServer } from './server.ts'
export type { DevelopmentStack } from './server-module.ts'
export { SiwxErrorText, type SiwxOptions } from './siwx/routes.ts'
export { type SocialSettings, socialSettingsFromEnv } from './social/config.ts'
export { CALLBACK_PATH as SOCIAL_CALLBACK_PATH } from './social/setup.ts'
export { type RunningServer, type StartServerOptions, startServer } from './start.ts'
