import { classifyRpcMethod } from '@portico/core'
import { ErrorText, JsonRpcErrorCode, ProviderErrorCode } from '@portico/core/errors'
import { createWalletClient, defineChain, type Hex, hashTypedData, http, isAddressEqual, isHex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { z } from 'zod'

const RpcError = z.object({ code: z.number(), message: z.string() })

/** The answer of `/rpc` and `/rpc/approved`: a JSON-RPC result or error, without the envelope. */
export const RpcOutcome = z.union([z.object({ result: z.unknown() }), z.object({ error: RpcError })])
type RpcOutcome = z.input<typeof RpcOutcome>

export interface ChainSettings {
  rpcUrl: string
  chainId: number
}

const hex = z.string().refine((value) => isHex(value), 'expected 0x-prefixed hex')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address')
const PersonalSign = z.tuple([hex, address]).rest(z.unknown())
const SignTypedData = z.tuple([address, z.string()])
const TypedData = z.object({
  domain: z.record(z.string(), z.unknown()).default({}),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})
const quantity = hex.transform((value) => BigInt(value))
const SendTransaction = z.tuple([
  z.object({
    from: address.optional(),
    to: address.optional(),
    value: quantity.optional(),
    data: hex.optional(),
    gas: quantity.optional(),
    maxFeePerGas: quantity.optional(),
    maxPriorityFeePerGas: quantity.optional(),
  }),
])

const notApprovable: RpcOutcome = {
  error: { code: JsonRpcErrorCode.INVALID_REQUEST, message: 'Only signing requests are approved' },
}

const invalidParams = (error: z.ZodError): RpcOutcome => ({
  error: { code: JsonRpcErrorCode.INVALID_PARAMS, message: error.issues[0]?.message ?? 'Invalid params' },
})

/** Methods that name the wallet's own accounts: answered here, never by the node, which has its own. */
const ACCOUNT_METHODS = new Set(['eth_accounts', 'eth_requestAccounts', 'eth_coinbase'])

/** Where a request comes from: `approved` is the frame's route taken only from a click on its Approve button. */
type RpcRoute = { approved: boolean }

/**
 * The embedded wallet's JSON-RPC (behaviour §6): account methods are answered with the user's own
 * address, safe methods go to the chain unchanged, and the signing methods are answered with the
 * user's key, which `withAccount` opens only for that one call — and only on the approved route,
 * which the secure frame calls after the user clicked Approve inside it. The plain route refuses
 * them, so no code path of the frame signs without that click.
 */
export async function answerRpc(
  chain: ChainSettings,
  request: { method: string; params?: unknown },
  userAddress: Hex,
  withAccount: <T>(use: (account: PrivateKeyAccount) => Promise<T>) => Promise<T>,
  route: RpcRoute,
): Promise<RpcOutcome> {
  const { method, params } = request
  if (ACCOUNT_METHODS.has(method))
    return route.approved
      ? notApprovable
      : { result: method === 'eth_coinbase' ? userAddress : [userAddress] }
  const kind = classifyRpcMethod(method)
  if (kind === 'rejected')
    return { error: { code: ProviderErrorCode.UNSUPPORTED_METHOD, message: ErrorText.RPC_NOT_ALLOWED } }
  if (kind === 'safe') return route.approved ? notApprovable : forward(chain, method, params)
  if (!route.approved)
    return {
      error: {
        code: ProviderErrorCode.UNAUTHORIZED,
        message: 'This request must be approved in the secure frame',
      },
    }
  const signerMismatch = {
    error: { code: ProviderErrorCode.UNAUTHORIZED, message: 'The requested account is not this wallet' },
  }
  switch (method) {
    case 'personal_sign': {
      const parsed = PersonalSign.safeParse(params)
      if (!parsed.success) return invalidParams(parsed.error)
      if (!isAddressEqual(parsed.data[1] as Hex, userAddress)) return signerMismatch
      const raw = parsed.data[0] as Hex
      return { result: await withAccount((account) => account.signMessage({ message: { raw } })) }
    }
    case 'eth_signTypedData_v4': {
      const parsed = SignTypedData.safeParse(params)
      if (!parsed.success) return invalidParams(parsed.error)
      if (!isAddressEqual(parsed.data[0] as Hex, userAddress)) return signerMismatch
      let json: unknown
      try {
        json = JSON.parse(parsed.data[1])
      } catch {
        return { error: { code: JsonRpcErrorCode.INVALID_PARAMS, message: 'Typed data is not JSON' } }
      }
      const typed = TypedData.safeParse(json)
      if (!typed.success) return invalidParams(typed.error)
      const { EIP712Domain: _domainType, ...types } = typed.data.types
      // The digest is computed before the key is opened: values that do not fit their declared types
      // (a bytes field left out, a number for a string) are the caller's mistake, not a server fault.
      let digest: Hex
      try {
        // biome-ignore lint/suspicious/noExplicitAny: viem's typed-data generics need literal types; the shape is zod-checked
        digest = hashTypedData({ ...typed.data, types } as any)
      } catch (error) {
        const reason = (error as { shortMessage?: unknown }).shortMessage
        const message = 'Typed data does not match its types'
        return {
          error: {
            code: JsonRpcErrorCode.INVALID_PARAMS,
            message: typeof reason === 'string' ? `${message}: ${reason}` : message,
          },
        }
      }
      return { result: await withAccount((account) => account.sign({ hash: digest })) }
    }
    case 'eth_sendTransaction': {
      const parsed = SendTransaction.safeParse(params)
      if (!parsed.success) return invalidParams(parsed.error)
      const tx = parsed.data[0]
      if (tx.from && !isAddressEqual(tx.from as Hex, userAddress)) return signerMismatch
      try {
        const hash = await withAccount((account) =>
          createWalletClient({
            account,
            chain: chainOf(chain),
            transport: http(chain.rpcUrl),
          }).sendTransaction({
            to: tx.to as Hex | undefined,
            value: tx.value,
            data: tx.data as Hex | undefined,
            gas: tx.gas,
            maxFeePerGas: tx.maxFeePerGas,
            maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
          }),
        )
        return { result: hash }
      } catch (error) {
        return { error: { code: JsonRpcErrorCode.TRANSACTION_REJECTED, message: shortMessage(error) } }
      }
    }
    default:
      // Approval methods of smart accounts and Solana come with a later issue.
      return {
        error: {
          code: ProviderErrorCode.UNSUPPORTED_METHOD,
          message: `${method} is not supported by this wallet yet`,
        },
      }
  }
}

async function forward(chain: ChainSettings, method: string, params: unknown): Promise<RpcOutcome> {
  try {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      signal: AbortSignal.timeout(10_000),
    })
    const body = (await response.json()) as { result?: unknown; error?: z.input<typeof RpcError> }
    if (body.error) return { error: { code: body.error.code, message: body.error.message } }
    return { result: body.result ?? null }
  } catch (error) {
    return { error: { code: JsonRpcErrorCode.RESOURCE_UNAVAILABLE, message: shortMessage(error) } }
  }
}

function chainOf({ rpcUrl, chainId }: ChainSettings) {
  return defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
}

function shortMessage(error: unknown): string {
  const short = (error as { shortMessage?: unknown })?.shortMessage
  if (typeof short === 'string') return short
  return error instanceof Error ? (error.message.split('\n')[0] ?? 'RPC failed') : 'RPC failed'
}
