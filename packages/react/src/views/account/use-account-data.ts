import type { AccountData, Portico } from '@portico/core'
import { use } from 'react'

/**
 * The account data instance; suspends (the modal shows its spinner) until its code has loaded.
 * The loader hands out one cached promise, as `use` requires.
 */
export function useAccountData(portico: Portico): AccountData {
  return use(portico.loadAccountData())
}
