import { expect, test } from 'vitest'
import { ChainOptions } from './config.ts'
import { tokenTrust } from './token-trust.ts'

const LISTED = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const STRANGER = '0x00000000000000000000000000000000000000aa'
const PRICED = '0x00000000000000000000000000000000000000bb'

const config = ChainOptions.parse({
  rpcUrl: 'http://127.0.0.1:8545',
  chainId: 31337,
  prices: { eth: 3000, usdc: 1, [PRICED]: 0.5 },
  tokenIcons: { ETH: 'https://icons.example/eth.svg', usdc: 'https://icons.example/usdc.svg' },
  tokenList: [
    { chainId: 31337, address: LISTED, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    // The same symbol listed for another chain vouches for nothing here.
    { chainId: 1, address: STRANGER, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  ],
})

test('a listed token is verified, and priced and shown by the symbol the list gives it', () => {
  expect(tokenTrust(config, LISTED.toLowerCase())).toEqual({
    verified: true,
    price: 1,
    iconUrl: 'https://icons.example/usdc.svg',
  })
})

test('a token off the list gets no price and no icon by symbol, whatever it calls itself', () => {
  expect(tokenTrust(config, STRANGER)).toEqual({ verified: false, price: 0, iconUrl: '' })
})

test('an address key prices that contract even off the list, and it stays unverified', () => {
  expect(tokenTrust(config, PRICED)).toEqual({ verified: false, price: 0.5, iconUrl: '' })
})

test('the native coin is verified and priced by its symbol', () => {
  expect(tokenTrust(config, undefined)).toEqual({
    verified: true,
    price: 3000,
    iconUrl: 'https://icons.example/eth.svg',
  })
})

test("the list's logo is the icon when the operator gave none; an address key wins over both", () => {
  const listed = { chainId: 31337, address: LISTED, symbol: 'DAI', name: 'Dai', decimals: 18 }
  const withLogo = ChainOptions.parse({
    rpcUrl: 'http://127.0.0.1:8545',
    chainId: 31337,
    tokenList: [{ ...listed, logoURI: 'https://logos.example/dai.png' }],
  })
  expect(tokenTrust(withLogo, LISTED).iconUrl).toBe('https://logos.example/dai.png')
  const overridden = ChainOptions.parse({
    ...withLogo,
    tokenIcons: { [LISTED]: 'data:image/png;base64,AAAA' },
  })
  expect(tokenTrust(overridden, LISTED).iconUrl).toBe('data:image/png;base64,AAAA')
  const ipfsLogo = ChainOptions.parse({
    rpcUrl: 'http://127.0.0.1:8545',
    chainId: 31337,
    tokenList: [{ ...listed, logoURI: 'ipfs://bafy/dai.png' }],
  })
  expect(tokenTrust(ipfsLogo, LISTED)).toEqual({ verified: true, price: 1, iconUrl: '' })
})
