import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { listedToken, readTokenList } from './token-list.ts'

const folder = mkdtempSync(join(tmpdir(), 'token-list-'))
const file = (name: string, text: string) => {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const list = {
  name: 'Operator list',
  timestamp: '2026-01-01T00:00:00Z',
  version: { major: 1, minor: 0, patch: 0 },
  keywords: ['extra fields are allowed'],
  tokens: [{ chainId: 31337, address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
}

test('a token list file is read, and its tokens found by chain id and address in any case', () => {
  const tokens = readTokenList(file('list.json', JSON.stringify(list)))
  expect(listedToken(tokens, 31337, USDC.toUpperCase().replace('0X', '0x'))?.symbol).toBe('USDC')
  expect(listedToken(tokens, 1, USDC)).toBeUndefined()
  expect(listedToken(tokens, 31337, '0x00000000000000000000000000000000000000aa')).toBeUndefined()
})

test('a missing, broken or wrongly shaped file is one clear line naming the setting', () => {
  expect(() => readTokenList(join(folder, 'missing.json'))).toThrow(
    /^PORTICO_TOKEN_LIST: cannot read .* ENOENT$/,
  )
  expect(() => readTokenList(file('broken.json', '{tokens'))).toThrow('is not JSON')
  const badAddress = { ...list, tokens: [{ ...list.tokens[0], address: '0x12' }] }
  expect(() => readTokenList(file('bad.json', JSON.stringify(badAddress)))).toThrow(
    'is not a token list (tokenlists.org): tokens.0.address token addresses must be 0x and 40 hex digits',
  )
})
