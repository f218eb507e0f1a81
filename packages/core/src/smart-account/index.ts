export { porticoAccountAbi, porticoAccountFactoryAbi, porticoPaymasterAbi } from './abis.ts'
export {
  type PorticoSmartAccount,
  type PorticoSmartAccountOptions,
  replaySafeTypedData,
  toPorticoSmartAccount,
} from './account.ts'
