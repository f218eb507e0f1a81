import fc from 'fast-check'
import type { Route } from '../fuzz.ts'
import type { FuzzTarget } from '../target.ts'
import { CORS_GUARD, FRAME_GUARD, fromFrame, fromPage } from './common.ts'

/** 0x and between `min` and `max` bytes. */
const bytes = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max }).map((data) => `0x${Buffer.from(data).toString('hex')}`)

/** A user operation the bundler may take or refuse: real accounts and contracts, random numbers. */
const userOperation = (target: FuzzTarget) =>
  fc.record(
    {
      // Addresses as given, and in capitals, which the bundler reads as the same account.
      sender: fc
        .tuple(fc.constantFrom(target.accountFactory, ...target.accounts), fc.boolean())
        .map(([address, capitals]) => (capitals ? `0x${address.slice(2).toUpperCase()}` : address)),
      nonce: fc.bigInt({ min: 0n, max: 2n ** 200n }).map((n) => `0x${n.toString(16)}`),
      factory: fc.constant(target.accountFactory),
      factoryData: bytes(0, 100),
      callData: bytes(0, 200),
      callGasLimit: fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }).map((n) => `0x${n.toString(16)}`),
      verificationGasLimit: fc.bigInt({ min: 0n, max: 2n ** 24n }).map((n) => `0x${n.toString(16)}`),
      preVerificationGas: fc.bigInt({ min: 0n, max: 2n ** 24n }).map((n) => `0x${n.toString(16)}`),
      maxFeePerGas: fc.bigInt({ min: 0n, max: 2n ** 40n }).map((n) => `0x${n.toString(16)}`),
      maxPriorityFeePerGas: fc.bigInt({ min: 0n, max: 2n ** 40n }).map((n) => `0x${n.toString(16)}`),
      signature: bytes(0, 70),
    },
    { requiredKeys: ['sender', 'nonce', 'callData', 'signature'] },
  )

/** One of the bundler's methods with parameters it may take or refuse, and a JSON-RPC id. */
const bundlerCall = (target: FuzzTarget) => {
  const chainId = `0x${target.chainId.toString(16)}`
  return fc.tuple(
    fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
    fc.oneof(
      fc.constant({ method: 'eth_chainId', params: [] as unknown[] }),
      // Names every JavaScript object has, which are no methods of the bundler.
      fc
        .constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty')
        .map((method) => ({ method, params: [] as unknown[] })),
      fc.constant({ method: 'eth_supportedEntryPoints', params: [] as unknown[] }),
      userOperation(target).map((op) => ({
        method: 'eth_estimateUserOperationGas',
        params: [op, target.entryPoint] as unknown[],
      })),
      userOperation(target).map((op) => ({
        method: 'eth_sendUserOperation',
        params: [op, target.entryPoint] as unknown[],
      })),
      userOperation(target).map((op) => ({
        method: 'pm_getPaymasterStubData',
        params: [op, target.entryPoint, chainId, {}] as unknown[],
      })),
      bytes(32, 32).map((hash) => ({ method: 'eth_getUserOperationReceipt', params: [hash] as unknown[] })),
      bytes(32, 32).map((hash) => ({ method: 'eth_getUserOperationByHash', params: [hash] as unknown[] })),
    ),
  )
}

export const bundlerRoutes: Route[] = [
  {
    name: 'POST /v1/bundler',
    guard: CORS_GUARD,
    valid: (target) => {
      const call = bundlerCall(target).map(([id, call]) => ({ jsonrpc: '2.0', id, ...call }))
      return fc
        .oneof(call, fc.array(call, { minLength: 1, maxLength: 3 }))
        .map((json) => fromPage(target, 'POST', '/v1/bundler', { body: { json } }))
    },
  },
  // The secure frame's way to the same bundler, inside the wallet's session: one call, no envelope.
  {
    name: 'POST /v1/auth/bundler',
    guard: FRAME_GUARD,
    valid: (target) => bundlerCall(target).map(([, call]) => fromFrame(target, '/bundler', call)),
  },
]
