import type { Portico } from '@portico/core'
import { useEffect, useRef, useState } from 'react'
import { useStore } from '../../hooks.ts'

/** How long the chain may take to tell the balance before it counts as out of reach. */
const CHAIN_SLOW_MS = 10_000

/**
 * Whether the chain's node cannot be reached: the native balance did not come (its request failed)
 * or has been on its way for 10 s. A spinner that never ends tells the visitor nothing.
 */
export function useChainUnreachable(portico: Portico): boolean {
  const { loading, value } = useStore(portico.balance)
  const asked = useRef(false)
  const [slow, setSlow] = useState(false)
  if (loading) asked.current = true
  useEffect(() => {
    setSlow(false)
    if (!loading) return
    const timer = setTimeout(() => setSlow(true), CHAIN_SLOW_MS)
    return () => clearTimeout(timer)
  }, [loading])
  return slow || (asked.current && !loading && value === undefined)
}
