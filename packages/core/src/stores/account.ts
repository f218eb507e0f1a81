import { toCaipAddress } from '../caip.ts'
import { createStore, type Store } from '../store.ts'
import type { ConnectionStatus, ConnectionStore } from './connection.ts'

/** The connected account as the dapp and the views read it (`useAccount`). */
export interface AccountSnapshot {
  status: ConnectionStatus
  address: `0x${string}` | undefined
  caipAddress: string | undefined
  chainId: number | undefined
  connectorId: string | undefined
  isConnected: boolean
  /** True when the wallet sits on another chain than the one network this page supports. */
  isUnsupportedChain: boolean
}

/** The current connection seen as an account; it follows the connection store. */
export function createAccountStore(
  connection: ConnectionStore,
  supportedChainId: number,
): Store<AccountSnapshot> {
  const account = createStore(accountOf(connection, supportedChainId))
  connection.store.subscribe(() => account.setState(accountOf(connection, supportedChainId)))
  return account
}

function accountOf(connection: ConnectionStore, supportedChainId: number): AccountSnapshot {
  const { status } = connection.store.getState()
  const current = connection.current()
  const address = current?.accounts[0] as `0x${string}` | undefined
  const chainId = current?.chainId
  return {
    status,
    address,
    caipAddress: address && chainId ? toCaipAddress('eip155', chainId, address) : undefined,
    chainId,
    connectorId: current?.connectorId,
    isConnected: Boolean(address) && status !== 'disconnected',
    isUnsupportedChain: Boolean(address) && chainId !== undefined && chainId !== supportedChainId,
  }
}
