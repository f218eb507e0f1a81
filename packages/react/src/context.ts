'use client'

import type { Portico } from '@portico/core'
import { createContext, useContext } from 'react'

/**
 * The Portico instance for hooks and buttons. Its own module, apart from the provider that mounts
 * the modal, so the modal's views can read it without importing the modal back.
 */
export const PorticoContext = createContext<Portico | undefined>(undefined)

export function usePortico(): Portico {
  const portico = useContext(PorticoContext)
  if (!portico) throw new Error('Portico hooks must be used inside <PorticoProvider>')
  return portico
}
