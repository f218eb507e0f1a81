import {
  type Address,
  BaseError,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  maxUint128,
  type PublicClient,
  parseAbi,
  RawContractError,
} from 'viem'
import { entryPoint08Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { BundlerError, BundlerErrorCode, entryPointRefusal } from './errors.ts'
import type { UserOp } from './user-operation.ts'

/** IEntryPointSimulations (MIT interface of @account-abstraction/contracts 0.8), what the bundler calls. */
const simulationsAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'struct ReturnInfo { uint256 preOpGas; uint256 prefund; uint256 accountValidationData; uint256 paymasterValidationData; bytes paymasterContext; }',
  'struct StakeInfo { uint256 stake; uint256 unstakeDelaySec; }',
  'struct AggregatorStakeInfo { address aggregator; StakeInfo stakeInfo; }',
  'struct ValidationResult { ReturnInfo returnInfo; StakeInfo senderInfo; StakeInfo factoryInfo; StakeInfo paymasterInfo; AggregatorStakeInfo aggregatorInfo; }',
  'struct ExecutionResult { uint256 preOpGas; uint256 paid; uint256 accountValidationData; uint256 paymasterValidationData; bool targetSuccess; bytes targetResult; }',
  'function simulateValidation(PackedUserOperation userOp) returns (ValidationResult)',
  'function simulateHandleOp(PackedUserOperation op, address target, bytes targetCallData) returns (ExecutionResult)',
])

/** Gas an eth_call of a simulation may burn: enough for any operation the bundler accepts. */
const SIMULATION_GAS = 25_000_000n
/** A balance no estimate runs out of, given to a sender that pays for itself while estimating. */
const RICH = maxUint128

/** The time window and signature outcome a `validationData` packs (ERC-4337). */
export interface ValidationData {
  /** 0: valid; 1: signature failed; else an aggregator, which this bundler does not serve. */
  aggregator: bigint
  validAfter: number
  /** 0 means no end. */
  validUntil: number
}

export function unpackValidationData(data: bigint): ValidationData {
  return {
    aggregator: data & ((1n << 160n) - 1n),
    validUntil: Number((data >> 160n) & ((1n << 48n) - 1n)),
    validAfter: Number(data >> 208n),
  }
}

/**
 * ERC-4337 simulations through `eth_call` at the EntryPoint's address with EntryPointSimulations'
 * runtime code put there by a state override: the real EntryPoint's storage (nonces, deposits)
 * and its SenderCreator, with the simulation entry points. The code is given by the operator
 * (the npm artifact; GPL-3.0, so it is not part of the services).
 */
export class Simulator {
  constructor(
    private readonly client: PublicClient,
    readonly entryPoint: Address,
    private readonly simulationsCode: Hex,
  ) {}

  /** Validation as handleOps would do it (signature failures are reported, not thrown). */
  async validate(op: UserOp) {
    const data = encodeFunctionData({
      abi: simulationsAbi,
      functionName: 'simulateValidation',
      args: [toPackedUserOperation(op)],
    })
    const result = decodeFunctionResult({
      abi: simulationsAbi,
      functionName: 'simulateValidation',
      data: await this.call(data),
    })
    return result.returnInfo
  }

  /**
   * Validation and execution of `op`; then `target` is called from the EntryPoint with
   * `targetCallData` and its outcome reported. `balance` gives the sender that much ETH first.
   */
  async handleOp(op: UserOp, target?: { address: Address; callData: Hex }, balance?: boolean) {
    const data = encodeFunctionData({
      abi: simulationsAbi,
      functionName: 'simulateHandleOp',
      args: [
        toPackedUserOperation(op),
        target?.address ?? '0x0000000000000000000000000000000000000000',
        target?.callData ?? '0x',
      ],
    })
    return decodeFunctionResult({
      abi: simulationsAbi,
      functionName: 'simulateHandleOp',
      data: await this.call(data, balance ? op.sender : undefined),
    })
  }

  private async call(data: Hex, richSender?: Address): Promise<Hex> {
    try {
      const { data: result } = await this.client.call({
        to: this.entryPoint,
        data,
        gas: SIMULATION_GAS,
        stateOverride: [
          { address: this.entryPoint, code: this.simulationsCode },
          ...(richSender ? [{ address: richSender, balance: RICH }] : []),
        ],
      })
      return result ?? '0x'
    } catch (error) {
      throw refusalOf(error)
    }
  }
}

/** An EntryPoint revert (FailedOp, FailedOpWithRevert) as the bundler's JSON-RPC refusal. */
export function refusalOf(error: unknown): Error {
  const revert = revertData(error)
  if (!revert) return error instanceof Error ? error : new Error(String(error))
  try {
    const decoded = decodeErrorResult({ abi: entryPoint08Abi, data: revert })
    if (decoded.errorName === 'FailedOp')
      return entryPointRefusal(decoded.args[1], revert, Number(decoded.args[0]))
    if (decoded.errorName === 'FailedOpWithRevert')
      return entryPointRefusal(decoded.args[1], decoded.args[2], Number(decoded.args[0]))
  } catch {
    // Not one of the EntryPoint's errors: reported as a plain revert below.
  }
  return new BundlerError(BundlerErrorCode.REJECTED_BY_ACCOUNT, 'The EntryPoint refused the user operation', {
    revertData: revert,
  })
}

function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined
  const raw = error.walk((cause) => cause instanceof RawContractError) as RawContractError | null
  const data = raw?.data
  if (typeof data === 'string' && data.length > 2) return data
  const withData = error.walk((cause) => typeof (cause as { data?: unknown }).data === 'string') as {
    data?: Hex
  } | null
  return withData?.data && withData.data.length > 2 ? withData.data : undefined
}
