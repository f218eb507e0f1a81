import { ProviderErrorCode } from '@portico/core/shared'
import { type Address, type Hex, hashMessage } from 'viem'
import { ApiError } from '../api.ts'
import { personalSignMessage, transactionAsk, typedDataDigest } from '../keys/sign-params.ts'
import type { WithKey } from '../keys/sign-request.ts'
import type { SmartAccounts } from './accounts.ts'
import type { AccountType } from './user.ts'
import { callsStatus, capabilitiesOf, readCallsId, readSendCalls, WalletCallCode } from './wallet-calls.ts'

/** The active account and what it needs; `accounts` is absent on a chain without smart accounts. */
export interface WalletContext {
  kind: AccountType
  /** The user's key's address, which owns the smart account. */
  owner: Address
  /** The active account's address. */
  address: Address
  chainId: number
  sponsored: boolean
  accounts: SmartAccounts | undefined
  withKey: WithKey
  /** The page's bundle ids for wallet_getCallsStatus, each to its operation's hash. */
  bundles: Map<string, Hex>
}

function smartOnly(context: WalletContext): SmartAccounts {
  if (context.kind !== 'smartAccount' || !context.accounts)
    throw new ApiError(
      'Batched calls need the smart account: switch to it in the account view',
      400,
      WalletCallCode.ATOMICITY_NOT_SUPPORTED,
    )
  return context.accounts
}

/**
 * A request the frame answers as the wallet (EIP-5792, and the smart account's signing), checked
 * before anything is shown: the returned function runs it, after the user's approval when the
 * method needs one.
 */
export function prepareWalletCall(
  request: { method: string; params?: unknown },
  context: WalletContext,
): () => Promise<unknown> {
  const { method, params } = request
  const { owner, address, chainId } = context
  switch (method) {
    case 'wallet_getCapabilities':
      return async () => capabilitiesOf(context.accounts ? context.kind : 'eoa', chainId, context.sponsored)
    case 'wallet_getCallsStatus': {
      const id = readCallsId(params)
      const hash = context.bundles.get(id)
      if (!hash || !context.accounts)
        throw new ApiError(`No bundle with id ${id}`, 400, WalletCallCode.UNKNOWN_BUNDLE)
      const accounts = context.accounts
      return async () => callsStatus(id, chainId, await accounts.receipt(hash))
    }
    case 'wallet_sendCalls': {
      const accounts = smartOnly(context)
      const ask = readSendCalls(params, address, chainId)
      if (ask.id !== undefined && context.bundles.has(ask.id))
        throw new ApiError(`A bundle with id ${ask.id} was sent already`, 400, WalletCallCode.DUPLICATE_ID)
      return async () => {
        const hash = await accounts.send(owner, ask.calls, context.withKey)
        const id = ask.id ?? hash
        context.bundles.set(id, hash)
        return { id }
      }
    }
    case 'eth_sendTransaction': {
      const accounts = smartOnly(context)
      const { to, value, data } = transactionAsk(params, address)
      if (!to)
        throw new ApiError('A smart account cannot create a contract with eth_sendTransaction', 400, 4200)
      return async () => {
        const hash = await accounts.send(
          owner,
          [{ to, value: value ?? 0n, data: data ?? '0x' }],
          context.withKey,
        )
        return accounts.mined(hash)
      }
    }
    case 'personal_sign': {
      const accounts = smartOnly(context)
      const raw = personalSignMessage(params, address)
      return () => accounts.sign(owner, hashMessage({ raw }), context.withKey)
    }
    case 'eth_signTypedData_v4': {
      const accounts = smartOnly(context)
      const hash = typedDataDigest(params, address)
      return () => accounts.sign(owner, hash, context.withKey)
    }
    default:
      // The frame builds and signs its own user operations; a page's ready-made one has no place here.
      throw new ApiError(
        `${method} is not supported by this wallet: use wallet_sendCalls`,
        400,
        ProviderErrorCode.UNSUPPORTED_METHOD,
      )
  }
}
