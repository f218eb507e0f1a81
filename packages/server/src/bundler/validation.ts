import type { PublicClient } from 'viem'
import { BundlerError, BundlerErrorCode } from './errors.ts'
import { MAX_OPERATION_GAS, preVerificationGas } from './gas.ts'
import { type Simulator, unpackValidationData } from './simulation.ts'
import type { UserOp } from './user-operation.ts'

/** An operation must stay valid at least this long after it is accepted, to be mined in time. */
const VALIDITY_MARGIN_S = 30

const invalid = (message: string) => new BundlerError(BundlerErrorCode.INVALID_FIELDS, message)

/**
 * What eth_sendUserOperation checks before it stores an operation: its gas fields against the
 * bundle's costs and the chain's base fee (-32602), then the EntryPoint's full validation with the
 * operation's own limits and fees — nonce, deployment, prefund, account and paymaster signatures
 * and their time windows — through simulateValidation (-32500, -32501, -32503, -32507).
 */
export async function validateForSubmission(
  client: PublicClient,
  simulator: Simulator,
  op: UserOp,
): Promise<void> {
  const minimum = preVerificationGas(op)
  if (op.preVerificationGas < minimum)
    throw invalid(`preVerificationGas is too low: at least ${minimum} (0x${minimum.toString(16)})`)
  if (op.verificationGasLimit === 0n) throw invalid('verificationGasLimit must be more than 0')
  const total =
    op.verificationGasLimit +
    op.callGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)
  if (total > MAX_OPERATION_GAS)
    throw invalid(`the operation's gas limits add up to ${total}, over ${MAX_OPERATION_GAS}`)
  if (op.maxPriorityFeePerGas > op.maxFeePerGas)
    throw invalid('maxPriorityFeePerGas must not be more than maxFeePerGas')
  const block = await client.getBlock({ blockTag: 'latest' })
  const baseFee = block.baseFeePerGas ?? 0n
  if (op.maxFeePerGas < baseFee)
    throw invalid(`maxFeePerGas is below the current base fee of ${baseFee} wei: raise it`)

  const result = await simulator.validate(op)
  const account = unpackValidationData(result.accountValidationData)
  if (account.aggregator === 1n)
    throw new BundlerError(
      BundlerErrorCode.INVALID_SIGNATURE,
      'Invalid user operation signature: the account refused it',
    )
  if (account.aggregator > 1n) throw invalid('Accounts with a signature aggregator are not supported')
  const paymaster = unpackValidationData(result.paymasterValidationData)
  if (paymaster.aggregator !== 0n)
    throw new BundlerError(
      BundlerErrorCode.REJECTED_BY_PAYMASTER,
      'Invalid paymaster signature: the paymaster refused to pay',
    )
  const now = Number(block.timestamp)
  for (const [who, window] of [
    ['account', account],
    ['paymaster', paymaster],
  ] as const) {
    if (window.validAfter > now)
      throw new BundlerError(
        BundlerErrorCode.OUT_OF_TIME_RANGE,
        `The ${who} makes the operation valid only from ${window.validAfter}`,
      )
    if (window.validUntil !== 0 && window.validUntil < now + VALIDITY_MARGIN_S)
      throw new BundlerError(
        BundlerErrorCode.OUT_OF_TIME_RANGE,
        `The ${who}'s validity ends at ${window.validUntil}, too soon to be mined`,
      )
  }
}
