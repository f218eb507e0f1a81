export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton.tsx'
export { NetworkButton } from './components/NetworkButton.tsx'
export { PorticoProvider, type PorticoProviderProps, usePortico } from './context.tsx'
export { EARLY_CLICK_SCRIPT } from './early-clicks.ts'
export {
  type UseModalReturnType,
  type UseNetworkReturnType,
  useAccount,
  useDisconnect,
  useModal,
  useNativeBalance,
  useNetwork,
} from './hooks.ts'
export { type UseSiwxReturnType, useSiwx } from './siwx.ts'
