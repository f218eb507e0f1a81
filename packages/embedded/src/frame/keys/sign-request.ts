import { ProviderErrorCode } from '@portico/core/shared'
import type { PrivateKeyAccount } from 'viem/accounts'
import { ApiError } from '../api.ts'
import type { ChainRead } from '../chain-read.ts'
import { personalSignMessage, transactionAsk, typedDataDigest } from './sign-params.ts'
import { fillTransaction, type Sender, transactionRejected } from './transaction.ts'

/** Puts the key together for one use and forgets it after. */
export type WithKey = <T>(use: (account: PrivateKeyAccount) => Promise<T>) => Promise<T>

/**
 * Answers a signing request the user approved in the frame (behaviour §6). The parameters are
 * checked, and a transaction filled from the chain, before `withKey` puts the key together: it
 * exists for the signature only, never while the frame waits on the network.
 */
export async function signRequest(
  request: { method: string; params?: unknown },
  sender: Sender,
  withKey: WithKey,
  read: ChainRead,
): Promise<unknown> {
  const { method, params } = request
  switch (method) {
    case 'personal_sign': {
      const raw = personalSignMessage(params, sender.address)
      return withKey((account) => account.signMessage({ message: { raw } }))
    }
    case 'eth_signTypedData_v4': {
      const hash = typedDataDigest(params, sender.address)
      return withKey((account) => account.sign({ hash }))
    }
    case 'eth_sendTransaction': {
      const ask = transactionAsk(params, sender.address)
      const transaction = await fillTransaction(ask, sender, read).catch((error: unknown) => {
        throw transactionRejected(error)
      })
      const raw = await withKey((account) => account.signTransaction(transaction))
      return read('eth_sendRawTransaction', [raw]).catch((error: unknown) => {
        throw transactionRejected(error)
      })
    }
    default:
      // Approval methods of smart accounts and Solana come with a later issue.
      throw new ApiError(
        `${method} is not supported by this wallet yet`,
        400,
        ProviderErrorCode.UNSUPPORTED_METHOD,
      )
  }
}
