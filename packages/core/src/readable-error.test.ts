import { ChainNotConfiguredError, ProviderNotFoundError } from '@wagmi/core'
import {
  createWalletClient,
  custom,
  type EIP1193RequestFn,
  ExecutionRevertedError,
  HttpRequestError,
  parseEther,
  UserRejectedRequestError,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { ReadableErrorText, readableError } from './readable-error.ts'

const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)

/**
 * What viem throws from `sendTransaction` when the node answers `eth_sendRawTransaction` (or the
 * fee reads) with `error`: viem's own error pipeline, as a dapp meets it.
 */
async function thrownBySend(error: { code: number; message: string }): Promise<unknown> {
  const answer = async ({ method }: { method: string }): Promise<unknown> => {
    if (method === 'eth_chainId') return '0x7a69'
    if (method === 'eth_getTransactionCount') return '0x0'
    if (method === 'eth_getBlockByNumber') return { baseFeePerGas: '0x1', number: '0x1' }
    if (method === 'eth_maxPriorityFeePerGas') return '0x1'
    if (method === 'eth_estimateGas') return '0x5208'
    throw Object.assign(new Error(error.message), error)
  }
  const request = answer as EIP1193RequestFn
  const wallet = createWalletClient({ account, chain: anvil, transport: custom({ request }) })
  return wallet.sendTransaction({ to: account.address, value: parseEther('1') }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
}

describe('readable wallet and node errors', () => {
  it.each([
    ['insufficient funds for gas * price + value', ReadableErrorText.INSUFFICIENT_FUNDS],
    ['nonce too low', ReadableErrorText.NONCE],
    ['nonce too high', ReadableErrorText.NONCE],
    ['max fee per gas less than block base fee', ReadableErrorText.FEE_TOO_LOW],
    ['max priority fee per gas higher than max fee per gas', ReadableErrorText.FEE_TOO_LOW],
    ['intrinsic gas too low', ReadableErrorText.GAS],
    ['transaction type not valid', ReadableErrorText.TRANSACTION_TYPE],
    ['execution reverted', ReadableErrorText.REVERTED],
  ])('the node says "%s" → a sentence, not viem’s report', async (nodeText, sentence) => {
    const thrown = await thrownBySend({ code: -32000, message: nodeText })
    expect(String((thrown as Error).message)).toContain('Version: viem@')
    expect(readableError(thrown)).toBe(sentence)
  })

  it.each([
    [4001, ReadableErrorText.DECLINED],
    [5000, ReadableErrorText.DECLINED],
    [4100, ReadableErrorText.UNAUTHORIZED],
    [4200, ReadableErrorText.UNSUPPORTED_METHOD],
    [4900, ReadableErrorText.DISCONNECTED],
    [4901, ReadableErrorText.CHAIN_DISCONNECTED],
    [4902, ReadableErrorText.UNKNOWN_CHAIN],
  ])('a wallet answering code %i → its sentence', async (code, sentence) => {
    expect(readableError(await thrownBySend({ code, message: 'whatever the wallet says' }))).toBe(sentence)
  })

  it('knows wagmi’s and viem’s own classes, and a receipt that reverted', () => {
    expect(readableError(new ProviderNotFoundError())).toBe(ReadableErrorText.PROVIDER_NOT_FOUND)
    expect(readableError(new ChainNotConfiguredError())).toBe(ReadableErrorText.CHAIN_NOT_CONFIGURED)
    expect(readableError(new UserRejectedRequestError(new Error('no')))).toBe(ReadableErrorText.DECLINED)
    expect(readableError(new HttpRequestError({ url: 'http://node.example' }))).toBe(
      ReadableErrorText.NO_ANSWER,
    )
    expect(readableError(new ExecutionRevertedError())).toBe(ReadableErrorText.REVERTED)
  })

  it('falls back to the first line of the short message, never the details', () => {
    const unknown = Object.assign(new Error('Something odd.\n\nDetails: a\nVersion: viem@2'), {
      shortMessage: 'Something odd.',
    })
    expect(readableError(unknown)).toBe('Something odd.')
    expect(readableError(new Error('First line\nsecond line'))).toBe('First line')
    expect(readableError('a plain string')).toBe('a plain string')
    expect(readableError(undefined)).toBe('Unknown error')
  })
})
