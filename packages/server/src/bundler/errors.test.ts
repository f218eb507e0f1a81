import { describe, expect, it } from 'vitest'
import { BundlerErrorCode, entryPointRefusal } from './errors.ts'

describe('entryPointRefusal', () => {
  it('gives each EntryPoint reason its ERC-7769 code and says what it means', () => {
    const cases: [string, number, string][] = [
      ["AA21 didn't pay prefund", BundlerErrorCode.REJECTED_BY_ACCOUNT, 'holds too little ETH'],
      ['AA24 signature error', BundlerErrorCode.INVALID_SIGNATURE, 'signature is not valid'],
      ['AA25 invalid account nonce', BundlerErrorCode.REJECTED_BY_ACCOUNT, 'already used'],
      ['AA22 expired or not due', BundlerErrorCode.OUT_OF_TIME_RANGE, 'expired'],
      [
        'AA32 paymaster expired or not due',
        BundlerErrorCode.OUT_OF_TIME_RANGE,
        "paymaster's signature expired",
      ],
      ['AA33 reverted', BundlerErrorCode.REJECTED_BY_PAYMASTER, "paymaster's validation reverted"],
      ['AA31 paymaster deposit too low', BundlerErrorCode.REJECTED_BY_PAYMASTER, 'deposit'],
    ]
    for (const [reason, code, words] of cases) {
      const error = entryPointRefusal(reason, '0x1234', 2)
      expect(error.code).toBe(code)
      expect(error.message.startsWith(`${reason}: `)).toBe(true)
      expect(error.message).toContain(words)
      expect(error.data).toEqual({ revertData: '0x1234' })
      expect(error.opIndex).toBe(2)
    }
  })

  it('keeps a reason it does not know as it is', () => {
    const error = entryPointRefusal('AA99 something new')
    expect(error.message).toBe('AA99 something new')
    expect(error.code).toBe(BundlerErrorCode.REJECTED_BY_ACCOUNT)
    expect(error.data).toBeUndefined()
  })
})
