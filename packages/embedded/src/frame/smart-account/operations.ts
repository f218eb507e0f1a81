import {
  JsonRpcErrorCode,
  porticoAccountFactoryAbi,
  replaySafeTypedData,
  toPorticoSmartAccount,
} from '@portico/core/shared'
import {
  type Address,
  createClient,
  custom,
  defineChain,
  encodeFunctionData,
  type Hex,
  serializeErc6492Signature,
} from 'viem'
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { toAccount } from 'viem/accounts'
import { ApiError } from '../api.ts'
import type { ChainRead } from '../chain-read.ts'
import type { WithKey } from '../keys/sign-request.ts'
import { type BundlerCall, SALT, type SmartAccountSettings } from './settings.ts'
import type { SmartAccountState } from './user.ts'
import type { Call } from './wallet-calls.ts'

/** ERC-7677's refusal of sponsorship (a limit reached): the account then pays for itself. */
const SPONSORSHIP_REFUSED = -32501
const RECEIPT_TIMEOUT_MS = 60_000
// Each poll is one small call to the services; the user is waiting on the answer.
const RECEIPT_POLL_MS = 100

/** The bundler's refusal, found inside the errors viem wraps it in. */
function bundlerRefusal(error: unknown): ApiError | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 10; depth++) {
    if (current instanceof ApiError) return current
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * The smart account's signatures and user operations, with viem's account abstraction: loaded by
 * accounts.ts on the first the user makes, so a login does not download them. The key is put
 * together only for each signature, never while the frame waits on the network.
 */
export function createOperations(
  settings: SmartAccountSettings,
  chainId: number,
  read: ChainRead,
  bundlerCall: BundlerCall,
  stateOf: (owner: Address) => Promise<SmartAccountState>,
) {
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })
  const client = createClient({
    chain,
    transport: custom({ request: ({ method, params }) => read(method, (params as unknown[]) ?? []) }),
    pollingInterval: 250,
  })
  const bundlerTransport = custom({
    request: ({ method, params }) => bundlerCall(method, (params as unknown[]) ?? []),
  })
  const deployment = (owner: Address) =>
    encodeFunctionData({ abi: porticoAccountFactoryAbi, functionName: 'createAccount', args: [owner, SALT] })

  // The owner as viem sees it: an address whose signatures each take the key for a moment.
  const ownerOf = (owner: Address, withKey: WithKey) =>
    toAccount({
      address: owner,
      signMessage: ({ message }) => withKey((key) => key.signMessage({ message })),
      signTypedData: (typedData) => withKey((key) => key.signTypedData(typedData)),
      signTransaction: async () => {
        throw new Error('The owner of a smart account signs no transaction')
      },
    })

  return {
    /** ERC-1271 over `hash` (PorticoAccount's account-bound EIP-712 message), ERC-6492-wrapped while undeployed. */
    async sign(owner: Address, hash: Hex, withKey: WithKey): Promise<Hex> {
      const { address, deployed } = await stateOf(owner)
      const signature = await withKey((key) => key.signTypedData(replaySafeTypedData(address, chainId, hash)))
      if (deployed) return signature
      return serializeErc6492Signature({ address: settings.factory, data: deployment(owner), signature })
    },
    /**
     * `calls` as one user operation (one call: `execute`, several: the atomic `executeBatch`); the
     * first deploys the account. Sponsored first; when the paymaster refuses (a limit), the account
     * pays; without ETH the bundler's AA21 text says so. Answers the operation's hash.
     */
    async send(owner: Address, calls: Call[], withKey: WithKey): Promise<Hex> {
      const account = await toPorticoSmartAccount(ownerOf(owner, withKey), {
        client,
        factory: settings.factory,
        entryPoint: settings.entryPoint,
        salt: SALT,
        // A rotated key's account is not the factory's account of that key.
        address: (await stateOf(owner)).address,
      })
      const submit = (sponsored: boolean) =>
        createBundlerClient({
          account,
          client,
          transport: bundlerTransport,
          ...(sponsored ? { paymaster: createPaymasterClient({ transport: bundlerTransport }) } : {}),
        }).sendUserOperation({ calls })
      try {
        if (!settings.sponsored) return await submit(false)
        return await submit(true).catch((error: unknown) => {
          if (bundlerRefusal(error)?.code !== SPONSORSHIP_REFUSED) throw error
          return submit(false)
        })
      } catch (error) {
        throw operationRefused(error)
      }
    },
    /** Waits for the operation to be mined; its transaction hash, or the chain's refusal. */
    async mined(hash: Hex): Promise<Hex> {
      const receipt = await createBundlerClient({
        client,
        transport: bundlerTransport,
        pollingInterval: RECEIPT_POLL_MS,
      })
        .waitForUserOperationReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS })
        .catch((error: unknown) => {
          throw operationRefused(error)
        })
      if (!receipt.success)
        throw new ApiError(
          `The operation reverted in the smart account${receipt.reason ? `: ${receipt.reason}` : ''}`,
          400,
          JsonRpcErrorCode.TRANSACTION_REJECTED,
        )
      return receipt.receipt.transactionHash
    },
  }
}

/** The page hears the bundler's own words (e.g. AA21: no ETH and not sponsored) as EIP-1474's rejection. */
function operationRefused(error: unknown): ApiError {
  const refusal = bundlerRefusal(error)
  if (refusal && refusal.code !== undefined && refusal.code < 0)
    return new ApiError(refusal.message, 400, JsonRpcErrorCode.TRANSACTION_REJECTED)
  if (refusal) return refusal
  const message = (error as { shortMessage?: unknown }).shortMessage
  return new ApiError(
    typeof message === 'string' ? message : 'The smart account could not send this',
    400,
    JsonRpcErrorCode.TRANSACTION_REJECTED,
  )
}
