import { describe, expect, it } from 'vitest'
import { logsRangeRefusal } from './logs-range.ts'

const logs = (filter: object) => ({ method: 'eth_getLogs', params: [filter] })

describe('logsRangeRefusal', () => {
  it('counts both ends, reads tags against the head, and leaves what is not a range to the node', () => {
    expect(logsRangeRefusal(logs({ fromBlock: '0x1', toBlock: '0xa' }), undefined, 10)).toBeUndefined()
    expect(logsRangeRefusal(logs({ fromBlock: '0x0', toBlock: '0xa' }), undefined, 10)?.message).toMatch(
      /^eth_getLogs: 11 blocks is over the limit of 10/,
    )
    expect(logsRangeRefusal(logs({ fromBlock: '0x0' }), 5n, 10)).toBeUndefined()
    expect(logsRangeRefusal(logs({ fromBlock: '0x0' }), 10n, 10)?.code).toBe(-32005)
    expect(logsRangeRefusal(logs({ fromBlock: '0x9', toBlock: '0x1' }), 10n, 1)).toBeUndefined()
    expect(logsRangeRefusal(logs({ blockHash: '0x12' }), undefined, 1)).toBeUndefined()
    expect(
      logsRangeRefusal({ method: 'eth_newFilter', params: [{ fromBlock: 'earliest' }] }, 100n, 10),
    ).toMatchObject({
      message: expect.stringMatching(/^eth_newFilter: 101 blocks/),
    })
    expect(logsRangeRefusal({ method: 'eth_call', params: [{}] }, undefined, 1)).toBeUndefined()
  })

  it('refuses a tag while the head is unknown, saying to send block numbers', () => {
    expect(logsRangeRefusal(logs({ fromBlock: '0x0', toBlock: 'latest' }), undefined, 10)?.message).toMatch(
      /head is not known yet.*give fromBlock and toBlock as block numbers/,
    )
  })
})
