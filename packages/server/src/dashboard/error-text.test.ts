import { describe, expect, it } from 'vitest'
import { readableErrorText, SHOWN_MESSAGE_LIMIT } from './error-text.ts'

describe('error messages in the dashboard', () => {
  it("drops viem's details, version and docs, multi-line or flattened", () => {
    const viem =
      'User rejected the request.\n\nDetails: MetaMask Tx Signature: User denied transaction signature.\nVersion: viem@2.57.20'
    expect(readableErrorText(viem)).toBe('User rejected the request.')
    expect(
      readableErrorText(
        'The contract function "transfer" reverted. Docs: https://viem.sh/docs/contract Version: viem@2.57.20',
      ),
    ).toBe('The contract function "transfer" reverted.')
    expect(
      readableErrorText(
        'Execution reverted for an unknown reason.\n\nRequest Arguments:\n  from: 0xf39F…\n  to: 0x7099…',
      ),
    ).toBe('Execution reverted for an unknown reason.')
  })

  it('keeps a plain message as it is, and cuts a long one at a word', () => {
    expect(readableErrorText('Insufficient funds for gas')).toBe('Insufficient funds for gas')
    const long = readableErrorText(`${'word '.repeat(80)}end`)
    expect(long.length).toBeLessThanOrEqual(SHOWN_MESSAGE_LIMIT)
    expect(long).toMatch(/word…$/)
    expect(readableErrorText('')).toBe('')
  })
})
