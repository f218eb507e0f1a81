import { describe, expect, it } from 'vitest'
import {
  exchangeRate,
  isNativeSwapToken,
  minimumReceived,
  NATIVE_SWAP_ADDRESS,
  SwapText,
  type SwapToken,
  searchSwapTokens,
  swapAmountUnits,
  swapBlocker,
  tokenAddressOf,
} from './swap.ts'

const ETH: SwapToken = {
  name: 'Ether',
  symbol: 'ETH',
  address: `eip155:31337:${NATIVE_SWAP_ADDRESS}`,
  decimals: 18,
  logoUri: '',
}
const USDC: SwapToken = {
  name: 'USD Coin',
  symbol: 'USDC',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  decimals: 6,
  logoUri: '',
}

describe('swap form rules', () => {
  it('reads the token address out of CAIP-10 and knows the native placeholder', () => {
    expect(tokenAddressOf(USDC)).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(isNativeSwapToken(ETH)).toBe(true)
    expect(isNativeSwapToken(USDC)).toBe(false)
  })

  it('takes positive decimal amounts the token can hold, in base units', () => {
    expect(swapAmountUnits('0.1', 18)).toBe(10n ** 17n)
    expect(swapAmountUnits(' 1.5 ', 6)).toBe(1_500_000n)
    for (const bad of ['', '0', '0.000', '-1', 'abc', '1e3', '1.1234567'])
      expect(swapAmountUnits(bad, 6)).toBeUndefined()
  })

  it('says what the button waits for, in order', () => {
    const form = { from: ETH, to: USDC, amount: '0.1', balance: 10n ** 18n, quoted: true }
    expect(swapBlocker({ ...form, to: undefined })).toBe(SwapText.SELECT_TOKEN)
    expect(swapBlocker({ ...form, amount: '' })).toBe(SwapText.ENTER_AMOUNT)
    expect(swapBlocker({ ...form, amount: '0.1.2' })).toBe(SwapText.INVALID_AMOUNT)
    expect(swapBlocker({ ...form, amount: '2' })).toBe('Insufficient ETH balance')
    expect(swapBlocker({ ...form, quoted: false })).toBe(SwapText.NO_QUOTE)
    expect(swapBlocker(form)).toBeUndefined()
  })

  it('keeps the minimum received within the slippage, floored', () => {
    expect(minimumReceived(1_000_000n, 1)).toBe(990_000n)
    expect(minimumReceived(999n, 0.5)).toBe(994n)
    expect(minimumReceived(1_000n, 80)).toBe(500n)
    expect(minimumReceived(1_000n, 0)).toBe(1_000n)
  })

  it('shows the rate per whole pay token', () => {
    expect(exchangeRate(ETH, 10n ** 17n, USDC, 299_123_456n)).toBe('1 ETH = 2,991.234 USDC')
    expect(exchangeRate(USDC, 3_000_000_000n, ETH, 10n ** 18n)).toBe('1 USDC = 0.0003333 ETH')
  })

  it('finds tokens by symbol, name or exact address', () => {
    expect(searchSwapTokens([ETH, USDC], 'usd').map((t) => t.symbol)).toEqual(['USDC'])
    expect(searchSwapTokens([ETH, USDC], 'ether').map((t) => t.symbol)).toEqual(['ETH'])
    expect(searchSwapTokens([ETH, USDC], tokenAddressOf(USDC).toLowerCase()).map((t) => t.symbol)).toEqual([
      'USDC',
    ])
    expect(searchSwapTokens([ETH, USDC], '  ')).toHaveLength(2)
  })
})
