import { parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { BOB, balance } from './fixtures.test-support.ts'
import {
  canSend,
  createSendStore,
  maxNativeAmount,
  type SendFeeQuote,
  type SendState,
  type SendValidationContext,
  sendProblems,
} from './send.ts'

const usdc = { ...balance('USDC', 100, '6', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3') }
usdc.quantity = { decimals: '6', numeric: '100.5' }
const eth = balance('ETH', 2, '18')
const onChain: SendValidationContext = {
  namespace: 'eip155',
  isUnsupportedChain: false,
  nativeBalance: parseEther('2'),
  nativeSymbol: 'ETH',
}
// 21,000 gas at a 10 gwei cap: 0.00021 ETH reserved.
const quote: SendFeeQuote = {
  gas: 21_000n,
  maxFeePerGas: 10_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
  expectedFee: 21_000n * 5_000_000_000n,
}

function state(patch: Partial<SendState>): SendState {
  return {
    ...createSendStore(usdc).store.getState(),
    sendTokenAmount: '1',
    receiverAddress: BOB,
    edited: { amount: true, receiver: true },
    ...patch,
  }
}

const problems = (patch: Partial<SendState>, context = onChain) => sendProblems(state(patch), context)

describe('send validation', () => {
  it('says what is still missing, amount and receiver first, then the token — as a hint, not an error', () => {
    expect(problems({ sendTokenAmount: '' })).toEqual({
      missing: 'An amount and receiver address are required',
    })
    expect(problems({ receiverAddress: '  ' }).missing).toBe('An amount and receiver address are required')
    expect(problems({ sendTokenAmount: '0' }).missing).toBe('An amount and receiver address are required')
    expect(problems({ token: undefined })).toEqual({ missing: 'A token is required' })
    expect(canSend(problems({ token: undefined }))).toBe(false)
    expect(canSend(problems({}))).toBe(true)
  })

  it('puts amount problems at the amount: above the balance, finer than the token’s decimals', () => {
    expect(problems({ sendTokenAmount: '100.5' }).amount).toBeUndefined()
    expect(problems({ sendTokenAmount: '100.500001' }).amount).toBe('Insufficient funds')
    expect(problems({ sendTokenAmount: '1.0000001' }).amount).toBe('Invalid amount')
  })

  it('names a typed amount that is not one as invalid, not as missing', () => {
    for (const typed of ['1e3', '1.', '.5', '-1', 'abc', '1,5']) {
      expect(problems({ sendTokenAmount: typed }).amount, typed).toBe('Invalid amount')
    }
    expect(problems({ sendTokenAmount: '0.000' }).amount).toBeUndefined()
  })

  it('puts a bad receiver at the receiver, checking a mixed-case one against its checksum', () => {
    expect(problems({ receiverAddress: '0x1234' }).receiver).toBe('Invalid address')
    const lower = BOB.toLowerCase()
    expect(problems({ receiverAddress: lower.slice(2) }).receiver).toBeUndefined()
    expect(problems({ receiverAddress: `0x${lower.slice(2).toUpperCase()}` }).receiver).toBeUndefined()
    // One letter's case changed: the EIP-55 checksum no longer holds, so it is a typo, not an address.
    const letter = BOB.search(/[a-fA-F]/u)
    const flipped = `${BOB.slice(0, letter)}${swapCase(BOB[letter] as string)}${BOB.slice(letter + 1)}`
    expect(problems({ receiverAddress: flipped }).receiver).toBe('Invalid address')
    expect(problems({}, { ...onChain, namespace: 'solana' }).receiver).toBe('Invalid address')
    // Both fields wrong at once: each says its own.
    expect(problems({ sendTokenAmount: 'abc', receiverAddress: '0x12' })).toMatchObject({
      amount: 'Invalid amount',
      receiver: 'Invalid address',
    })
  })

  it('says Unsupported chain for the whole form while the wallet is on another network', () => {
    expect(problems({}, { ...onChain, isUnsupportedChain: true })).toEqual({ form: 'Unsupported chain' })
  })

  it('says the native coin cannot pay the fee before the wallet opens, for a native or a token send', () => {
    expect(problems({ token: eth, sendTokenAmount: '1.9997', quote }).amount).toBeUndefined()
    expect(problems({ token: eth, sendTokenAmount: '1.9998', quote }).amount).toBe(
      'Not enough ETH for the network fee',
    )
    // A token transfer pays its fee in ETH too.
    const broke = { ...onChain, nativeBalance: 100n }
    expect(problems({ quote }, broke).amount).toBe('Not enough ETH for the network fee')
    expect(problems({}, broke).amount).toBeUndefined()
    expect(problems({ token: eth, sendTokenAmount: '0', maxed: true, quote }, broke)).toEqual({
      amount: 'Not enough ETH for the network fee',
      receiver: undefined,
    })
  })
})

describe('a send whose gas the wallet’s paymaster pays', () => {
  const sponsored: SendFeeQuote = { ...quote, expectedFee: 0n, sponsored: true }
  const noEth = { ...onChain, nativeBalance: 0n }

  it('needs no ETH for the fee: a token send from an account without any is fine', () => {
    expect(problems({ quote: sponsored }, noEth)).toEqual({ amount: undefined, receiver: undefined })
    expect(canSend(problems({ quote: sponsored }, noEth))).toBe(true)
    expect(problems({ quote }, noEth).amount).toBe('Not enough ETH for the network fee')
  })

  it('lets Max send the whole native balance', () => {
    expect(maxNativeAmount(parseEther('2'), sponsored)).toBe(parseEther('2'))
    expect(problems({ token: eth, sendTokenAmount: '2', quote: sponsored }).amount).toBeUndefined()
  })
})

describe('Max on the native coin', () => {
  it('leaves the fee reserve (gas × fee cap) and never goes below zero', () => {
    expect(maxNativeAmount(parseEther('2'), quote)).toBe(parseEther('2') - 210_000_000_000_000n)
    expect(maxNativeAmount(1000n, quote)).toBe(0n)
    const legacy: SendFeeQuote = { gas: 50_000n, gasPrice: 3n, expectedFee: 150_000n }
    expect(maxNativeAmount(1_000_000n, legacy)).toBe(850_000n)
  })
})

describe('send store', () => {
  it('drops the quote whenever the transfer changes, and marks the edited field', () => {
    const send = createSendStore(usdc)
    expect(send.store.getState().edited).toEqual({ amount: false, receiver: false })
    send.setAmount('2')
    send.setQuote(quote)
    send.setReceiver(BOB)
    expect(send.store.getState()).toMatchObject({
      quote: undefined,
      edited: { amount: true, receiver: true },
    })
    send.setQuote(quote)
    send.setToken(eth)
    expect(send.store.getState().quote).toBeUndefined()
  })

  it('after a declined send: the reason is kept, the fee is asked for again, the form stays', () => {
    const send = createSendStore(usdc)
    send.setAmount('2')
    send.setReceiver(BOB)
    send.setQuote(quote)
    send.setPhase('wallet')
    send.fail('Transaction declined')
    expect(send.store.getState()).toMatchObject({
      sendTokenAmount: '2',
      receiverAddress: BOB,
      phase: 'idle',
      failure: 'Transaction declined',
      quote: undefined,
      estimateRound: 1,
    })
    send.setAmount('3')
    expect(send.store.getState().failure).toBeUndefined()
  })

  it('after a mined send: the done state, then an empty pristine form with the token kept', () => {
    const send = createSendStore(usdc)
    send.setAmount('2')
    send.setReceiver(BOB)
    const sent = { hash: '0xabc' as const, amount: '2', symbol: 'USDC', receiverAddress: BOB }
    send.succeed(sent)
    expect(send.store.getState()).toMatchObject({ sent, sendTokenAmount: '', phase: 'idle' })
    send.startOver()
    expect(send.store.getState()).toMatchObject({
      token: usdc,
      sent: undefined,
      receiverAddress: '',
      edited: { amount: false, receiver: false },
    })
  })
})

function swapCase(character: string): string {
  return character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase()
}
