import { decodeErrorResult, encodeFunctionData, type Hex, hexToBytes } from 'viem'
import { toPackedUserOperation } from 'viem/account-abstraction'
import { BundlerError, BundlerErrorCode } from './errors.ts'
import { type Simulator, unpackValidationData } from './simulation.ts'
import type { UserOp } from './user-operation.ts'

/** What a bundle of one operation costs besides the operation's own gas: the transaction, the loop. */
const BUNDLE_OVERHEAD = 21_000n
const PER_OP_OVERHEAD = 18_000n
/** Estimates are raised by this share (per cent) so a changed byte or slot does not make them short. */
const MARGIN_PERCENT = 20n
/** The simulations' limits, far above any real operation's; callGasLimit's is known to the penalty math. */
const PROBE_VERIFICATION = 3_000_000n
const PROBE_CALL = 3_000_000n
/** EntryPoint v0.8 charges 10 % of the execution gas left unused (UNUSED_GAS_PENALTY_PERCENT). */
const PENALTY_PERCENT = 10n
/**
 * The validation probe runs with fees of 0, so an account that pays for itself sends no prefund in
 * it. The real operation does: a value call to the EntryPoint, whose deposit write is a cold
 * storage slot (9,000 for the call's value + 22,100 + 2,100 for the slot, rounded up).
 */
const PREFUND_ALLOWANCE = 35_000n
/** The most gas one operation may ask for in all, so a bundle always fits a block. */
export const MAX_OPERATION_GAS = 10_000_000n

const withMargin = (gas: bigint) => gas + (gas * MARGIN_PERCENT) / 100n

/**
 * The gas the operation's bytes cost in handleOps' calldata (16 per non-zero byte, 4 per zero)
 * plus the bundle's share. With `worstCase`, the signatures count as all non-zero bytes, so the
 * estimate made with a stub signature covers the real one.
 */
export function preVerificationGas(op: UserOp, worstCase = false): bigint {
  const packed = toPackedUserOperation(worstCase ? { ...op, signature: `0x${'ff'.repeat(65)}` } : op)
  const data = encodeFunctionData({
    abi: [
      {
        type: 'function',
        name: 'op',
        inputs: [
          {
            type: 'tuple',
            components: [
              { name: 'sender', type: 'address' },
              { name: 'nonce', type: 'uint256' },
              { name: 'initCode', type: 'bytes' },
              { name: 'callData', type: 'bytes' },
              { name: 'accountGasLimits', type: 'bytes32' },
              { name: 'preVerificationGas', type: 'uint256' },
              { name: 'gasFees', type: 'bytes32' },
              { name: 'paymasterAndData', type: 'bytes' },
              { name: 'signature', type: 'bytes' },
            ],
          },
        ],
        outputs: [],
        stateMutability: 'nonpayable',
      },
    ],
    functionName: 'op',
    args: [packed],
  })
  let calldata = 0n
  for (const byte of hexToBytes(data)) calldata += byte === 0 ? 4n : 16n
  return BUNDLE_OVERHEAD + PER_OP_OVERHEAD + calldata
}

export interface GasEstimate {
  preVerificationGas: bigint
  verificationGasLimit: bigint
  callGasLimit: bigint
  paymasterVerificationGasLimit?: bigint
  paymasterPostOpGasLimit?: bigint
}

/**
 * eth_estimateUserOperationGas: validation is simulated with fees at zero (nobody pays, the stub
 * signatures are reported rather than thrown), execution with the paymaster left out and the
 * sender given ETH at a price of 1 wei, where what the EntryPoint charges is the gas itself:
 * execution = (paid − preOpGas − penalty) and penalty = 10 % of the unused call gas. A last run
 * calls the operation's callData from the EntryPoint to tell a reverting call (-32521).
 */
export async function estimateGas(simulator: Simulator, given: UserOp): Promise<GasEstimate> {
  const probe: UserOp = {
    ...given,
    verificationGasLimit: PROBE_VERIFICATION,
    callGasLimit: PROBE_CALL,
    preVerificationGas: 0n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
    ...(given.paymaster
      ? { paymasterVerificationGasLimit: PROBE_VERIFICATION, paymasterPostOpGasLimit: 0n }
      : {}),
  }
  const validation = await simulator.validate(probe)
  const aggregator = unpackValidationData(validation.accountValidationData).aggregator
  if (aggregator > 1n)
    throw new BundlerError(
      BundlerErrorCode.INVALID_FIELDS,
      'Accounts with a signature aggregator are not supported',
    )
  const verification = withMargin(validation.preOpGas) + 10_000n + (given.paymaster ? 0n : PREFUND_ALLOWANCE)

  const selfPaid: UserOp = {
    ...probe,
    paymaster: undefined,
    paymasterData: undefined,
    paymasterVerificationGasLimit: undefined,
    paymasterPostOpGasLimit: undefined,
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 1n,
  }
  const executed = await simulator.handleOp(selfPaid, undefined, true)
  const charged = executed.paid - executed.preOpGas
  // charged = e + (L − e) / 10 when more than 40,000 gas is left unused, as it is with this L.
  const execution = ((charged - (PROBE_CALL * PENALTY_PERCENT) / 100n) * 100n) / (100n - PENALTY_PERCENT)
  if (given.callData !== '0x') await checkCallSucceeds(simulator, selfPaid)

  const estimate: GasEstimate = {
    preVerificationGas: withMargin(preVerificationGas({ ...given, ...gasFieldsOf(verification) }, true)),
    verificationGasLimit: verification,
    callGasLimit: withMargin(execution > 0n ? execution : 0n) + 10_000n,
  }
  if (given.paymaster) {
    estimate.paymasterVerificationGasLimit = verification
    estimate.paymasterPostOpGasLimit = 0n
  }
  return estimate
}

const gasFieldsOf = (verification: bigint) => ({
  verificationGasLimit: verification,
  callGasLimit: PROBE_CALL,
  preVerificationGas: PROBE_CALL,
})

async function checkCallSucceeds(simulator: Simulator, op: UserOp): Promise<void> {
  const result = await simulator.handleOp(
    { ...op, callData: '0x' },
    { address: op.sender, callData: op.callData },
    true,
  )
  if (!result.targetSuccess)
    throw new BundlerError(BundlerErrorCode.EXECUTION_REVERTED, readableRevert(result.targetResult), {
      revertData: result.targetResult,
    })
}

/** `Error(string)` and panics read as their text; anything else by its data. */
function readableRevert(data: Hex): string {
  try {
    const decoded = decodeErrorResult({ abi: [], data })
    return `execution reverted: ${String(decoded.args?.[0] ?? decoded.errorName)}`
  } catch {
    return data === '0x' ? 'execution reverted' : `execution reverted with ${data.slice(0, 74)}`
  }
}
