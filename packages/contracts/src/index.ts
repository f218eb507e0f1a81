export { demoCollectionAbi, demoTokenAbi } from './abis.ts'
export { DEV_ACCOUNTS, DEV_MNEMONIC, type DevAccount } from './accounts.ts'
export { type AnvilHandle, type AnvilOptions, startAnvil } from './anvil.ts'
export { demoBadgesAbi, deployDemoBadges } from './badges.ts'
export { type CompiledContract, type CompiledContracts, compileContracts } from './compile.ts'
export {
  DEMO_COLLECTIONS,
  DEMO_DEPLOYER_INDEX,
  DEMO_HISTORY,
  DEMO_SPAMMER_INDEX,
  DEMO_TOKENS,
  type TokenKey,
} from './demo.ts'
export {
  type DemoCollectionInfo,
  type DemoDeployment,
  type DemoTokenInfo,
  ensureDemoDeployment,
} from './deploy.ts'
export { deployTestSmartWallets, type TestSmartWallets } from './smart-wallet.ts'
export { DEMO_GENESIS_OFFSET_SECONDS, DEMO_HISTORY_START_OFFSET_DAYS } from './timeline.ts'
export { DEMO_TOKEN_ICONS } from './token-icons.ts'
