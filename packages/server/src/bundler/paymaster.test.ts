import { hashMessage, recoverMessageAddress, size, slice } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { preVerificationGas } from './gas.ts'
import { maxCost, paymasterData, paymasterHash, signPaymasterData } from './paymaster.ts'
import type { UserOp } from './user-operation.ts'

const op: UserOp = {
  sender: '0x1111111111111111111111111111111111111111',
  nonce: 7n,
  callData: '0xb61d27f6',
  callGasLimit: 100_000n,
  verificationGasLimit: 200_000n,
  preVerificationGas: 50_000n,
  maxFeePerGas: 3n,
  maxPriorityFeePerGas: 1n,
  paymaster: '0x2222222222222222222222222222222222222222',
  paymasterVerificationGasLimit: 60_000n,
  paymasterPostOpGasLimit: 0n,
  signature: '0x',
}
const context = {
  paymaster: op.paymaster as `0x${string}`,
  chainId: 31337,
  validUntil: 1_800_000_000,
  validAfter: 0,
}

describe('paymaster data', () => {
  it('lays out validUntil, validAfter and a 65-byte signature as PorticoPaymaster reads them', () => {
    const data = paymasterData(0x0102030405, 0x06)
    expect(size(data)).toBe(77)
    expect(slice(data, 0, 6)).toBe('0x000102030405')
    expect(slice(data, 6, 12)).toBe('0x000000000006')
  })

  it("is signed by the signer over the operation's hash, which every gas field changes", async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const data = await signPaymasterData(signer, op, context)
    const hash = paymasterHash(op, context)
    expect(await recoverMessageAddress({ message: { raw: hash }, signature: slice(data, 12) })).toBe(
      signer.address,
    )
    expect(hashMessage({ raw: hash })).not.toBe(hash)
    for (const field of [
      'callGasLimit',
      'preVerificationGas',
      'maxFeePerGas',
      'paymasterVerificationGasLimit',
    ] as const)
      expect(paymasterHash({ ...op, [field]: (op[field] as bigint) + 1n }, context)).not.toBe(hash)
    expect(paymasterHash(op, { ...context, validUntil: context.validUntil + 1 })).not.toBe(hash)
  })

  it('counts an operation at every gas limit times its maximum fee', () => {
    expect(maxCost(op)).toBe((200_000n + 100_000n + 50_000n + 60_000n) * 3n)
  })

  it('estimates preVerificationGas with the signature at its dearest, so the real one always fits', () => {
    const signed = { ...op, signature: `0x${'00'.repeat(30)}${'ab'.repeat(35)}` as const }
    expect(preVerificationGas(signed, true)).toBeGreaterThanOrEqual(preVerificationGas(signed))
    expect(preVerificationGas({ ...op, callData: `0x${'ff'.repeat(100)}` })).toBe(
      preVerificationGas(op) + 16n * 96n,
    )
  })
})
