import { porticoAccountAbi } from '@portico/core/shared'
import { type Address, decodeFunctionData, getAddress, type Hex, isAddressEqual, slice } from 'viem'
import { BundlerError, BundlerErrorCode } from './errors.ts'
import type { UserOp } from './user-operation.ts'

/** A contract the operator sponsors calls to from any account, and which of its functions (all when absent). */
export interface SponsoredCall {
  to: Address
  selectors?: readonly Hex[] | undefined
}

/**
 * `SPONSOR_PUBLIC_CALLS`: comma-separated `0xAddress` (any call to it) or `0xAddress:0xSelector`
 * entries; an address named several times allows each selector given. Throws the first bad entry.
 */
export function parseSponsoredCalls(text: string): SponsoredCall[] {
  const calls = new Map<string, { to: Address; selectors: Hex[] | undefined }>()
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^(0x[0-9a-fA-F]{40})(?::(0x[0-9a-fA-F]{8}))?$/.exec(entry)
    if (!match?.[1])
      throw new Error(`has "${entry}": each entry must be 0xAddress or 0xAddress:0xSelector (4 bytes)`)
    const to = getAddress(match[1])
    const known = calls.get(to) ?? { to, selectors: [] }
    const selector = match[2]?.toLowerCase() as Hex | undefined
    // An entry without a selector allows every function of the contract.
    known.selectors = selector && known.selectors ? [...known.selectors, selector] : undefined
    calls.set(to, known)
  }
  return [...calls.values()]
}

/** The calls a PorticoAccount operation makes: its `execute` or `executeBatch`, read back. */
function callsOf(callData: Hex): { to: Address; data: Hex }[] | undefined {
  try {
    const decoded = decodeFunctionData({ abi: porticoAccountAbi, data: callData })
    if (decoded.functionName === 'execute') return [{ to: decoded.args[0], data: decoded.args[2] }]
    if (decoded.functionName === 'executeBatch')
      return decoded.args[0].map((call) => ({ to: call.target, data: call.data }))
  } catch {
    return undefined
  }
  return undefined
}

const allows = (policy: readonly SponsoredCall[], call: { to: Address; data: Hex }) =>
  policy.some(
    (allowed) =>
      isAddressEqual(allowed.to, call.to) &&
      (!allowed.selectors ||
        (call.data.length >= 10 && allowed.selectors.includes(slice(call.data, 0, 4).toLowerCase() as Hex))),
  )

/**
 * Refuses an operation from outside a session unless every call it makes is one the operator
 * sponsors for anyone, from an account of our factory (another factory could deploy anything).
 * A stub request without calls is a probe of whether sponsorship is offered: stub data carries no
 * signature, so it is answered.
 */
export function refuseOutsidePolicy(
  op: UserOp,
  policy: readonly SponsoredCall[] | undefined,
  factory: Address | undefined,
  stage: 'stub' | 'data',
): void {
  if (!policy || policy.length === 0)
    throw new BundlerError(
      BundlerErrorCode.REJECTED_BY_PAYMASTER,
      "Gas sponsorship is only for the project's signed-in wallet users: send without a paymaster to pay for gas from the account",
      { reason: 'NOT_SPONSORED' },
    )
  if (stage === 'stub' && op.callData === '0x') return
  const calls = callsOf(op.callData)
  const foreignFactory = op.factory && (!factory || !isAddressEqual(op.factory, factory))
  if (foreignFactory || !calls || calls.length === 0 || !calls.every((call) => allows(policy, call)))
    throw new BundlerError(
      BundlerErrorCode.REJECTED_BY_PAYMASTER,
      'Gas sponsorship does not cover these calls: send without a paymaster to pay for gas from the account',
      { reason: 'NOT_SPONSORED' },
    )
}
