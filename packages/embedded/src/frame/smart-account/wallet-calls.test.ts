import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { refusalCode } from './refusal-code.ts'
import {
  callsStatus,
  capabilitiesOf,
  MAX_CALLS,
  type OperationReceipt,
  readSendCalls,
} from './wallet-calls.ts'

const WALLET: Address = '0x1111111111111111111111111111111111111111'
const TOKEN: Address = '0x2222222222222222222222222222222222222222'
const send = (ask: object) => [
  { version: '2.0.0', chainId: '0x7a69', from: WALLET, atomicRequired: true, ...ask },
]

describe('wallet_sendCalls', () => {
  it('reads the calls, a missing value as 0 and missing data as 0x', () => {
    const ask = readSendCalls(
      send({
        calls: [
          { to: TOKEN, data: '0xa9059cbb' },
          { to: WALLET, value: '0x10' },
        ],
      }),
      WALLET,
      31337,
    )
    expect(ask).toEqual({
      id: undefined,
      calls: [
        { to: TOKEN, value: 0n, data: '0xa9059cbb' },
        { to: WALLET, value: 16n, data: '0x' },
      ],
    })
  })

  it('answers the EIP-5792 codes: another chain 5710, too many calls 5740, a required capability 5700', () => {
    const call = { to: TOKEN }
    expect(refusalCode(() => readSendCalls(send({ chainId: '0x1', calls: [call] }), WALLET, 31337))).toBe(
      5710,
    )
    const many = Array.from({ length: MAX_CALLS + 1 }, () => call)
    expect(refusalCode(() => readSendCalls(send({ calls: many }), WALLET, 31337))).toBe(5740)
    const required = { paymasterService: { url: 'https://elsewhere.example' } }
    expect(
      refusalCode(() => readSendCalls(send({ calls: [call], capabilities: required }), WALLET, 31337)),
    ).toBe(5700)
    const optional = { paymasterService: { url: 'https://elsewhere.example', optional: true } }
    expect(readSendCalls(send({ calls: [call], capabilities: optional }), WALLET, 31337).calls).toHaveLength(
      1,
    )
  })

  it('refuses another sender (4100) and malformed calls (-32602 naming where)', () => {
    expect(
      refusalCode(() => readSendCalls(send({ from: TOKEN, calls: [{ to: TOKEN }] }), WALLET, 31337)),
    ).toBe(4100)
    expect(() => readSendCalls(send({ calls: [{ to: 'nope' }] }), WALLET, 31337)).toThrow('calls.0.to')
    expect(refusalCode(() => readSendCalls(send({ calls: [] }), WALLET, 31337))).toBe(-32602)
  })
})

describe('wallet_getCapabilities', () => {
  it('the smart account batches atomically and may be sponsored; an EOA batches nothing', () => {
    expect(capabilitiesOf('smartAccount', 31337, true)).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    expect(capabilitiesOf('eoa', 31337, true)).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } })
  })
})

describe('wallet_getCallsStatus', () => {
  const receipt = (success: boolean): OperationReceipt => ({
    success,
    receipt: {
      transactionHash: `0x${'a'.repeat(64)}`,
      blockHash: `0x${'b'.repeat(64)}`,
      blockNumber: '0x5',
      gasUsed: '0x100',
      status: '0x1',
      logs: [{ address: TOKEN, data: '0x', topics: [] }],
    },
  })

  it('is pending (100) until mined, then confirmed (200) with the receipt, or reverted (500)', () => {
    expect(callsStatus('bundle', 31337, null)).toEqual({
      version: '2.0.0',
      id: 'bundle',
      chainId: '0x7a69',
      atomic: true,
      status: 100,
    })
    const confirmed = callsStatus('bundle', 31337, receipt(true))
    expect(confirmed).toMatchObject({
      status: 200,
      receipts: [{ status: '0x1', blockNumber: '0x5', logs: [{ address: TOKEN }] }],
    })
    const reverted = callsStatus('bundle', 31337, receipt(false))
    expect(reverted).toMatchObject({ status: 500, receipts: [{ status: '0x0' }] })
  })
})
