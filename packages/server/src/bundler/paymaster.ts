import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  keccak256,
  type LocalAccount,
  numberToHex,
  pad,
  parseAbiParameters,
} from 'viem'
import { getInitCode } from 'viem/account-abstraction'
import type { UserOp } from './user-operation.ts'

/** Our PorticoPaymaster's validation costs ~35,000 gas; its postOp is never called (no context). */
export const PAYMASTER_VERIFICATION_GAS = 60_000n
export const PAYMASTER_POST_OP_GAS = 0n

/** A signature of the right length that no key made: what stub data carries for estimation. */
const STUB_SIGNATURE: Hex = `0x${'00'.repeat(32)}${'7a'.repeat(32)}1c`

/**
 * paymasterData for PorticoPaymaster: validUntil (6 bytes) | validAfter (6 bytes) | signature (65).
 * The signature is the paymaster signer's EIP-191 signature of `paymasterHash`.
 */
export function paymasterData(validUntil: number, validAfter: number, signature: Hex = STUB_SIGNATURE): Hex {
  return concat([
    pad(numberToHex(validUntil), { size: 6 }),
    pad(numberToHex(validAfter), { size: 6 }),
    signature,
  ])
}

/** PorticoPaymaster.getHash: what the signer signs for `op` (its paymaster gas limits included). */
export function paymasterHash(
  op: UserOp,
  context: { paymaster: Address; chainId: number; validUntil: number; validAfter: number },
): Hex {
  const gas = (high: bigint, low: bigint) =>
    concat([pad(numberToHex(high), { size: 16 }), pad(numberToHex(low), { size: 16 })])
  return keccak256(
    encodeAbiParameters(
      parseAbiParameters(
        'address, uint256, bytes32, bytes32, bytes32, bytes32, uint256, bytes32, uint256, address, uint48, uint48',
      ),
      [
        op.sender,
        op.nonce,
        keccak256(getInitCode(op)),
        keccak256(op.callData),
        gas(op.verificationGasLimit, op.callGasLimit),
        gas(op.paymasterVerificationGasLimit ?? 0n, op.paymasterPostOpGasLimit ?? 0n),
        op.preVerificationGas,
        gas(op.maxPriorityFeePerGas, op.maxFeePerGas),
        BigInt(context.chainId),
        context.paymaster,
        context.validUntil,
        context.validAfter,
      ],
    ),
  )
}

export async function signPaymasterData(
  signer: LocalAccount,
  op: UserOp,
  context: { paymaster: Address; chainId: number; validUntil: number; validAfter: number },
): Promise<Hex> {
  const signature = await signer.signMessage({ message: { raw: paymasterHash(op, context) } })
  return paymasterData(context.validUntil, context.validAfter, signature)
}

/** The most an operation may cost: every gas limit at its maximum fee (what the prefund is). */
export const maxCost = (op: UserOp): bigint =>
  (op.verificationGasLimit +
    op.callGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)) *
  op.maxFeePerGas
