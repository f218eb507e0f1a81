import { type Address, getAddress } from 'viem'
import {
  formatUserOperation,
  formatUserOperationRequest,
  getUserOperationHash,
  type RpcUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { z } from 'zod'
import { BundlerError, BundlerErrorCode } from './errors.ts'

export type UserOp = UserOperation<'0.8'>

/**
 * Read once, checksummed: an address in any case (all capitals included, which viem's encoders
 * take for a failed checksum) is the same account, and everything after validation takes it as is.
 */
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits')
  .transform((value) => getAddress(value.toLowerCase()))
const bytes = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes')
/** A JSON-RPC quantity: 0x and at most 64 hex digits (uint256). */
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity such as 0x1f')
/** A gas amount or price: at most uint128, what the packed operation has room for. */
const uint128 = z.string().regex(/^0x[0-9a-fA-F]{1,32}$/, 'must be a hex quantity of at most 128 bits')

/** A user operation as EntryPoint v0.7/v0.8 bundlers take it in JSON-RPC (unpacked, hex). */
const fields = {
  sender: address,
  nonce: quantity,
  factory: address.nullish(),
  factoryData: bytes.nullish(),
  callData: bytes,
  callGasLimit: uint128,
  verificationGasLimit: uint128,
  preVerificationGas: quantity,
  maxFeePerGas: uint128,
  maxPriorityFeePerGas: uint128,
  paymaster: address.nullish(),
  paymasterVerificationGasLimit: uint128.nullish(),
  paymasterPostOpGasLimit: uint128.nullish(),
  paymasterData: bytes.nullish(),
  signature: bytes,
}
const needsFactory = { message: 'is required with factoryData', path: ['factory'] }
const RpcUserOp = z.object(fields).refine((op) => !op.factoryData || op.factory, needsFactory)

/** For estimation the gas fields may be left out, and the signature is a stub. */
const RpcUserOpToEstimate = z
  .object({
    ...fields,
    callGasLimit: uint128.optional(),
    verificationGasLimit: uint128.optional(),
    preVerificationGas: quantity.optional(),
    maxFeePerGas: uint128.optional(),
    maxPriorityFeePerGas: uint128.optional(),
    signature: bytes.optional(),
  })
  .refine((op) => !op.factoryData || op.factory, needsFactory)

/** Reads params[at] as a user operation, or refuses with -32602 naming the field. */
export function readUserOp(params: unknown, at: number, forEstimate = false): UserOp {
  const value = Array.isArray(params) ? params[at] : undefined
  const parsed = (forEstimate ? RpcUserOpToEstimate : RpcUserOp).safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `userOperation.${issue.path.join('.')}` : 'userOperation'
    throw new BundlerError(BundlerErrorCode.INVALID_FIELDS, `${where} ${issue?.message ?? 'is not valid'}`)
  }
  const op = parsed.data
  const rpc = Object.fromEntries(
    Object.entries(op).filter(([, value]) => value !== null && value !== undefined),
  )
  const formatted = formatUserOperation(rpc as unknown as RpcUserOperation) as UserOp
  return {
    ...formatted,
    callGasLimit: formatted.callGasLimit ?? 0n,
    verificationGasLimit: formatted.verificationGasLimit ?? 0n,
    preVerificationGas: formatted.preVerificationGas ?? 0n,
    maxFeePerGas: formatted.maxFeePerGas ?? 0n,
    maxPriorityFeePerGas: formatted.maxPriorityFeePerGas ?? 0n,
    nonce: formatted.nonce ?? 0n,
    signature: formatted.signature ?? '0x',
  }
}

/** The entry point params[at] names; only ours is served. */
export function readEntryPoint(params: unknown, at: number, ours: Address): Address {
  const value = Array.isArray(params) ? params[at] : undefined
  if (typeof value !== 'string' || value.toLowerCase() !== ours.toLowerCase())
    throw new BundlerError(
      BundlerErrorCode.INVALID_FIELDS,
      `entryPoint must be ${ours} (EntryPoint v0.8, the only one this bundler serves)`,
    )
  return ours
}

export const toRpcUserOp = (op: UserOp): RpcUserOperation<'0.8'> => formatUserOperationRequest(op)

export const userOpHash = (op: UserOp, chainId: number, entryPoint: Address) =>
  getUserOperationHash({
    chainId,
    entryPointAddress: entryPoint,
    entryPointVersion: '0.8',
    userOperation: op,
  })

/** The JSON the database keeps: the RPC form, so bigints survive. */
export const storedUserOp = (op: UserOp) => JSON.stringify(toRpcUserOp(op))
export const fromStored = (text: string): UserOp =>
  formatUserOperation(JSON.parse(text) as RpcUserOperation) as UserOp
