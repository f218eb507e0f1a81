// The modules behind these names that use React's client APIs (context, hooks, effects) start with
// 'use client', so a React Server Component (Next.js App Router) can import from here: it gets
// ConnectButton and the provider as client components and EARLY_CLICK_SCRIPT as a plain string.
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton.tsx'
export { NetworkButton } from './components/NetworkButton.tsx'
export { usePortico } from './context.ts'
export { EARLY_CLICK_SCRIPT } from './early-clicks.ts'
export {
  type UseModalReturnType,
  type UseNetworkReturnType,
  useAccount,
  useAccountName,
  useDisconnect,
  useModal,
  useNativeBalance,
  useNetwork,
} from './hooks.ts'
export { PorticoProvider, type PorticoProviderProps } from './provider.tsx'
export { type UseSiwxReturnType, useSiwx } from './siwx.ts'
