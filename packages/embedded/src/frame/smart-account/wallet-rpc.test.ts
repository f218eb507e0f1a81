import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { SmartAccounts } from './accounts.ts'
import { refusalCode } from './refusal-code.ts'
import { answersAsWallet } from './wallet-methods.ts'
import { prepareWalletCall, type WalletContext } from './wallet-rpc.ts'

const OWNER = '0x1111111111111111111111111111111111111111' as const
const SMART = '0x2222222222222222222222222222222222222222' as const
const TOKEN = '0x3333333333333333333333333333333333333333' as const
const OPERATION = `0x${'ab'.repeat(32)}` as Hex

/** A smart account whose operations are recorded, not sent; the key is never asked for here. */
function contextOf(kind: 'eoa' | 'smartAccount') {
  const sent: unknown[] = []
  const accounts = {
    send: async (_owner: string, calls: unknown[]) => {
      sent.push(calls)
      return OPERATION
    },
    receipt: async () => null,
  } as unknown as SmartAccounts
  const context: WalletContext = {
    kind,
    owner: OWNER,
    address: kind === 'eoa' ? OWNER : SMART,
    chainId: 31337,
    sponsored: true,
    accounts,
    withKey: async () => {
      throw new Error('no key in this test')
    },
    bundles: new Map(),
  }
  return { context, sent }
}
const sendCalls = (id?: string) => ({
  method: 'wallet_sendCalls',
  params: [{ version: '2.0.0', chainId: '0x7a69', from: SMART, calls: [{ to: TOKEN }, { to: TOKEN }], id }],
})

describe('the wallet methods the frame answers itself', () => {
  it('signs and sends as the smart account only when it is the active account', () => {
    expect(answersAsWallet('eth_sendTransaction', 'smartAccount')).toBe(true)
    expect(answersAsWallet('eth_sendTransaction', 'eoa')).toBe(false)
    expect(answersAsWallet('wallet_getCapabilities', 'eoa')).toBe(true)
  })

  it('batches wallet_sendCalls in one operation and tracks its status under the page id', async () => {
    const { context, sent } = contextOf('smartAccount')
    expect(await prepareWalletCall(sendCalls('mine'), context)()).toEqual({ id: 'mine' })
    expect(sent).toHaveLength(1)
    const status = await prepareWalletCall({ method: 'wallet_getCallsStatus', params: ['mine'] }, context)()
    expect(status).toMatchObject({ id: 'mine', status: 100, atomic: true })
  })

  it('refuses before anything is shown: a used id 5720, an unknown one 5730, batching as the EOA 5760, a ready-made operation 4200', async () => {
    const { context } = contextOf('smartAccount')
    await prepareWalletCall(sendCalls('once'), context)()
    expect(refusalCode(() => prepareWalletCall(sendCalls('once'), context))).toBe(5720)
    expect(
      refusalCode(() => prepareWalletCall({ method: 'wallet_getCallsStatus', params: ['nope'] }, context)),
    ).toBe(5730)
    const eoa = contextOf('eoa').context
    expect(refusalCode(() => prepareWalletCall(sendCalls(), eoa))).toBe(5760)
    expect(
      refusalCode(() => prepareWalletCall({ method: 'eth_sendUserOperation', params: [] }, context)),
    ).toBe(4200)
  })
})
