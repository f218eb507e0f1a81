import type { AccountType } from './user.ts'

const EIP_5792 = new Set(['wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_sendCalls'])
const SIGNING = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'])

/** Whether the frame answers `method` itself here rather than the services or the EOA's signer. */
export function answersAsWallet(method: string, kind: AccountType): boolean {
  return (
    EIP_5792.has(method) ||
    method === 'eth_sendUserOperation' ||
    (kind === 'smartAccount' && SIGNING.has(method))
  )
}
