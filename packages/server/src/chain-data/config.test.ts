import { expect, test } from 'vitest'
import { ChainOptions, iconOf, iconTableFromEnv, priceOf, priceTableFromEnv } from './config.ts'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

function config(extra: object) {
  return ChainOptions.parse({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337, ...extra })
}

test('prices and icons are found by token address first, then by symbol in any case', () => {
  const chain = config({
    prices: { usdc: 1, [TOKEN]: 0.99 },
    tokenIcons: { usdc: 'https://icons.example/usdc.svg', [TOKEN]: 'data:image/png;base64,AAAA' },
  })
  expect(priceOf(chain, 'USDC')).toBe(1)
  expect(priceOf(chain, 'USDC', TOKEN.toLowerCase())).toBe(0.99)
  expect(priceOf(chain, 'UNKNOWN')).toBe(0)
  expect(iconOf(chain, 'Usdc')).toBe('https://icons.example/usdc.svg')
  expect(iconOf(chain, 'USDC', TOKEN)).toBe('data:image/png;base64,AAAA')
  expect(iconOf(chain, 'DAI')).toBe('')
})

test('an icon that is not an http(s) or data:image URL is refused when the services start', () => {
  expect(() => config({ tokenIcons: { USDC: 'javascript:alert(1)' } })).toThrow(
    'icons must be http(s) or data:image URLs',
  )
  expect(() => config({ tokenIcons: { USDC: 'data:text/html,<b>x</b>' } })).toThrow()
})

test('the environment tables say what is wrong with them, and unset means the defaults', () => {
  expect(priceTableFromEnv(undefined)).toBeUndefined()
  expect(iconTableFromEnv(' ')).toBeUndefined()
  expect(iconTableFromEnv('{"usdc":"https://icons.example/u.svg"}')).toEqual({
    USDC: 'https://icons.example/u.svg',
  })
  expect(() => iconTableFromEnv('{usdc}')).toThrow('PORTICO_TOKEN_ICONS must be JSON')
  expect(() => iconTableFromEnv('{"USDC":"ftp://x"}')).toThrow('PORTICO_TOKEN_ICONS: icons must be http(s)')
  expect(() => priceTableFromEnv('{"USDC":-1}')).toThrow('PORTICO_PRICES:')
})
