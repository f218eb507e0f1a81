import type { Portico, RouterData, View } from '@portico/core'
import { type ComponentType, lazy } from 'react'
import { Connect } from './Connect.tsx'

export interface ViewProps {
  portico: Portico
}

/**
 * Connect ships with the first paint; every other view is its own chunk, fetched the first time
 * it is shown. Views later issues build are absent here, and routing to one shows Connect.
 */
const VIEWS: Partial<Record<View, ComponentType<ViewProps>>> = {
  Connect,
  Account: lazy(() => import('./Account.tsx')),
  ConnectingExternal: lazy(() => import('./ConnectingExternal.tsx')),
  UnsupportedChain: lazy(() => import('./UnsupportedChain.tsx')),
}

export function viewComponent(view: View): ComponentType<ViewProps> {
  return VIEWS[view] ?? Connect
}

export function viewTitle(view: View, data: RouterData | undefined): string {
  switch (view) {
    case 'Account':
      return 'Account'
    case 'ConnectingExternal':
      return data?.wallet?.name ?? 'Connecting'
    case 'UnsupportedChain':
      return 'Switch Network'
    default:
      return 'Connect Wallet'
  }
}
