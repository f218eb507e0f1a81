import { JsonRpcErrorCode, ProviderErrorCode } from '@portico/core/shared'
import { type Address, type Hex, hashTypedData, isAddressEqual, isHex } from 'viem'
import { z } from 'zod/mini'
import { en } from 'zod/v4/locales'
import { ApiError } from '../api.ts'

/**
 * The signing methods' parameters, checked before the key is put together, with the texts the
 * services answered when they signed: zod's English messages (loaded for these parses only, so
 * every other message of the frame reads as before) and the project's own sentences.
 */
const hex = z.string().check(z.refine((value) => isHex(value), 'expected 0x-prefixed hex'))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'expected an address'))
const quantity = z.pipe(
  hex,
  z.transform((value) => BigInt(value)),
)
const PersonalSign = z.tuple([hex, address], z.unknown())
const SignTypedData = z.tuple([address, z.string()])
const TypedData = z.object({
  domain: z._default(z.record(z.string(), z.unknown()), {}),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})
const SendTransaction = z.tuple([
  z.object({
    from: z.optional(address),
    to: z.optional(address),
    value: z.optional(quantity),
    data: z.optional(hex),
    gas: z.optional(quantity),
    maxFeePerGas: z.optional(quantity),
    maxPriorityFeePerGas: z.optional(quantity),
  }),
])

/** What `eth_sendTransaction` asks for; anything left out is filled from the chain. */
export interface TransactionAsk {
  to?: Address | undefined
  value?: bigint | undefined
  data?: Hex | undefined
  gas?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}

const english = { error: en().localeError }

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value, english)
  if (result.success) return result.data
  throw new ApiError(
    result.error.issues[0]?.message ?? 'Invalid params',
    400,
    JsonRpcErrorCode.INVALID_PARAMS,
  )
}

function mustBe(requested: string, wallet: Address): void {
  if (!isAddressEqual(requested as Address, wallet))
    throw new ApiError('The requested account is not this wallet', 400, ProviderErrorCode.UNAUTHORIZED)
}

/** `personal_sign [message, address]`: the raw message bytes to sign. */
export function personalSignMessage(params: unknown, wallet: Address): Hex {
  const [message, signer] = parsed(PersonalSign, params)
  mustBe(signer, wallet)
  return message as Hex
}

/** `eth_signTypedData_v4 [address, json]`: the EIP-712 digest to sign. */
export function typedDataDigest(params: unknown, wallet: Address): Hex {
  const [signer, text] = parsed(SignTypedData, params)
  mustBe(signer, wallet)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ApiError('Typed data is not JSON', 400, JsonRpcErrorCode.INVALID_PARAMS)
  }
  const typed = parsed(TypedData, json)
  const { EIP712Domain: _domainType, ...types } = typed.types
  // Values that do not fit their declared types (a bytes field left out, a number for a string) are
  // the caller's mistake: refused here, before the key is put together.
  try {
    // biome-ignore lint/suspicious/noExplicitAny: viem's typed-data generics need literal types; the shape is zod-checked
    return hashTypedData({ ...typed, types } as any)
  } catch (error) {
    const reason = (error as { shortMessage?: unknown }).shortMessage
    const message = 'Typed data does not match its types'
    throw new ApiError(
      typeof reason === 'string' ? `${message}: ${reason}` : message,
      400,
      JsonRpcErrorCode.INVALID_PARAMS,
    )
  }
}

/** `eth_sendTransaction [transaction]`: what the page asked for, its sender checked. */
export function transactionAsk(params: unknown, wallet: Address): TransactionAsk {
  const [{ from, to, data, ...amounts }] = parsed(SendTransaction, params)
  if (from) mustBe(from, wallet)
  return { ...amounts, to: to as Address | undefined, data: data as Hex | undefined }
}
