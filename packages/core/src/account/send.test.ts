import { describe, expect, it } from 'vitest'
import { BOB, balance } from './fixtures.test-support.ts'
import { createSendStore, type SendState, validateSend } from './send.ts'

const usdc = { ...balance('USDC', 100, '6', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3') }
usdc.quantity = { decimals: '6', numeric: '100.5' }
const onChain = { namespace: 'eip155', isUnsupportedChain: false }

function state(patch: Partial<SendState>): SendState {
  return {
    token: usdc,
    sendTokenAmount: '1',
    receiverAddress: BOB,
    gasFee: undefined,
    sending: false,
    ...patch,
  }
}

describe('send validation', () => {
  it('asks for amount and receiver first, then for a token', () => {
    expect(validateSend(state({ sendTokenAmount: '' }), onChain)).toBe(
      'An amount and receiver address are required',
    )
    expect(validateSend(state({ receiverAddress: '  ' }), onChain)).toBe(
      'An amount and receiver address are required',
    )
    expect(validateSend(state({ sendTokenAmount: '0' }), onChain)).toBe(
      'An amount and receiver address are required',
    )
    expect(validateSend(state({ token: undefined }), onChain)).toBe('A token is required')
  })

  it('refuses amounts above the balance or finer than the token’s decimals', () => {
    expect(validateSend(state({ sendTokenAmount: '100.5' }), onChain)).toBeUndefined()
    expect(validateSend(state({ sendTokenAmount: '100.500001' }), onChain)).toBe('Insufficient funds')
    expect(validateSend(state({ sendTokenAmount: '1.0000001' }), onChain)).toBe('Invalid amount')
  })

  it('names a typed amount that is not one as invalid, not as missing', () => {
    for (const typed of ['1e3', '1.', '.5', '-1', 'abc', '1,5']) {
      expect(validateSend(state({ sendTokenAmount: typed }), onChain), typed).toBe('Invalid amount')
    }
    expect(validateSend(state({ sendTokenAmount: '0.000' }), onChain)).toBe(
      'An amount and receiver address are required',
    )
  })

  it('checks the receiver against the namespace’s address rule, and a mixed-case one against its checksum', () => {
    expect(validateSend(state({ receiverAddress: '0x1234' }), onChain)).toBe('Invalid address')
    const lower = BOB.toLowerCase()
    expect(validateSend(state({ receiverAddress: lower.slice(2) }), onChain)).toBeUndefined()
    expect(
      validateSend(state({ receiverAddress: `0x${lower.slice(2).toUpperCase()}` }), onChain),
    ).toBeUndefined()
    // One letter's case changed: the EIP-55 checksum no longer holds, so it is a typo, not an address.
    const letter = BOB.search(/[a-fA-F]/u)
    const flipped = `${BOB.slice(0, letter)}${swapCase(BOB[letter] as string)}${BOB.slice(letter + 1)}`
    expect(validateSend(state({ receiverAddress: flipped }), onChain)).toBe('Invalid address')
    expect(validateSend(state({ receiverAddress: BOB }), { ...onChain, namespace: 'solana' })).toBe(
      'Invalid address',
    )
  })

  it('says Unsupported chain while the wallet is on another network', () => {
    expect(validateSend(state({}), { ...onChain, isUnsupportedChain: true })).toBe('Unsupported chain')
  })
})

describe('send store', () => {
  it('drops the fee estimate whenever the transfer changes and keeps the token after a send', () => {
    const send = createSendStore(usdc)
    send.setAmount('2')
    send.setGasFee(21_000n)
    send.setReceiver(BOB)
    expect(send.store.getState().gasFee).toBeUndefined()
    send.setGasFee(21_000n)
    send.clearTransfer()
    expect(send.store.getState()).toMatchObject({
      token: usdc,
      sendTokenAmount: '',
      receiverAddress: '',
      gasFee: undefined,
    })
  })
})

function swapCase(character: string): string {
  return character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase()
}
