import { expect, test } from 'vitest'
import { cleanImageUrl, cleanName, cleanSymbol, NAME_LIMIT, SYMBOL_LIMIT } from './token-text.ts'

test('NUL and the other control characters are taken out, line breaks become one space', () => {
  expect(cleanName('evil\u0000name')).toBe('evilname')
  expect(cleanName('a\u0001b\u001fc\u007fd\u0080e\u009ff')).toBe('abcdef')
  expect(cleanName('  Two\r\n\tlines  ')).toBe('Two lines')
})

test('bidirectional overrides and zero-width characters cannot make a name read as another', () => {
  expect(cleanSymbol('US\u200bDC')).toBe('USDC')
  expect(cleanName('\u202eCDSU\u202c')).toBe('CDSU')
  expect(cleanName('a\u2066b\u2069c\u200fd\ufeffe\u061cf')).toBe('abcdef')
})

test('names and symbols are cut to their limits without splitting a character', () => {
  expect(cleanName('n'.repeat(20_000))).toBe('n'.repeat(NAME_LIMIT))
  expect(cleanSymbol('S'.repeat(5_000))).toHaveLength(SYMBOL_LIMIT)
  const emoji = '🦄'.repeat(NAME_LIMIT + 1)
  expect(Array.from(cleanName(emoji))).toEqual(Array.from('🦄'.repeat(NAME_LIMIT)))
  expect(cleanName(`${'x'.repeat(NAME_LIMIT - 1)} tail`)).toBe('x'.repeat(NAME_LIMIT - 1))
})

test('ordinary names, accents and emoji are kept as they are', () => {
  expect(cleanName('USD Coin')).toBe('USD Coin')
  expect(cleanName('Café 🦄 Ünïcörn')).toBe('Café 🦄 Ünïcörn')
  expect(cleanSymbol('WETH')).toBe('WETH')
})

test('a lone surrogate half, which UTF-8 cannot hold, is taken out; a pair is kept', () => {
  expect(cleanName('a\ud800b\udc00c')).toBe('abc')
  expect(cleanName('a\ud83e\udd84b')).toBe('a🦄b')
})

test('an image URL with control characters, or longer than an image needs, is no image', () => {
  expect(cleanImageUrl('https://images.example/1.png')).toBe('https://images.example/1.png')
  expect(cleanImageUrl('https://images.example/\u0000.png')).toBeNull()
  expect(cleanImageUrl(`data:image/svg+xml,${'x'.repeat(40_000)}`)).toBeNull()
})
