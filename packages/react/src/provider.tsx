'use client'

import type { Portico } from '@portico/core'
import { type ReactNode, useEffect } from 'react'
import { PorticoContext } from './context.ts'
import { takeEarlyClick } from './early-clicks.ts'
import { ModalRoot } from './modal/ModalRoot.tsx'

export interface PorticoProviderProps {
  /** Made once with `createPortico({ wagmiConfig, projectId, networks, … })` from the dapp's own wagmi config. */
  portico: Portico
  children?: ReactNode
}

/**
 * Makes the Portico instance available to hooks and buttons and mounts the modal. The modal lives in
 * a shadow root appended to <body>, so it is only created in the browser, after hydration.
 */
export function PorticoProvider({ portico, children }: PorticoProviderProps) {
  useEffect(() => {
    const unmount = portico.mount()
    // A ConnectButton clicked before hydration (see early-clicks.ts) opens the modal now.
    if (takeEarlyClick()) portico.modal.open()
    return unmount
  }, [portico])
  return (
    <PorticoContext.Provider value={portico}>
      {children}
      <ModalRoot portico={portico} />
    </PorticoContext.Provider>
  )
}
