export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton.tsx'
export { NetworkButton } from './components/NetworkButton.tsx'
export { usePortico } from './context.ts'
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
export { PorticoProvider, type PorticoProviderProps } from './provider.tsx'
export { type UseSiwxReturnType, useSiwx } from './siwx.ts'
