'use client'

import type { AccountSnapshot, CaipNetwork } from '@portico/core'
import { nameOf, type RouterData, type Store, type View } from '@portico/core/internal'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { usePortico } from './context.ts'

/** Reads a core store; the server render uses the same snapshot, so hydration matches. */
export function useStore<S>(store: Store<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}

export interface UseModalReturnType {
  isOpen: boolean
  open(view?: View, data?: RouterData): void
  close(): void
}

export function useModal(): UseModalReturnType {
  const portico = usePortico()
  const { open: isOpen } = useStore(portico.modal.store)
  const open = useCallback((view?: View, data?: RouterData) => portico.modal.open({ view, data }), [portico])
  const close = useCallback(() => void portico.modal.close(), [portico])
  return { isOpen, open, close }
}

export function useAccount(): AccountSnapshot {
  return useStore(usePortico().account)
}

export interface UseNetworkReturnType extends CaipNetwork {
  /** The chain the wallet is on, when connected. */
  walletChainId: number | undefined
  isUnsupportedChain: boolean
  switchNetwork(): Promise<void>
}

export function useNetwork(): UseNetworkReturnType {
  const portico = usePortico()
  const account = useStore(portico.account)
  return {
    ...portico.network,
    walletChainId: account.chainId,
    isUnsupportedChain: account.isUnsupportedChain,
    switchNetwork: portico.switchToNetwork,
  }
}

export function useDisconnect(): { disconnect(): Promise<void> } {
  const portico = usePortico()
  return { disconnect: portico.disconnect }
}

export function useNativeBalance() {
  return useStore(usePortico().balance)
}

/**
 * The account name of `address` — the connected account's when none is given — once it is known;
 * undefined while unknown or when the address has none.
 */
export function useAccountName(address?: string): string | undefined {
  const portico = usePortico()
  const account = useStore(portico.account)
  const identities = useStore(portico.names.identities)
  const target = address ?? account.address
  useEffect(() => {
    if (target) portico.names.request(target)
  }, [portico, target])
  return nameOf(identities, target)
}
