/** Shaped like the services' answers (the `/v1/account` routes), for the unit tests of this folder. */
import type { Balance, Transaction, TransactionTransfer } from './types.ts'

export const CHAIN = 'eip155:31337'
export const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export function transaction(
  id: string,
  minedAt: string,
  overrides: Partial<Transaction['metadata']> = {},
  transfers: TransactionTransfer[] = [],
): Transaction {
  return {
    id,
    hash: `0x${id.padStart(64, '0')}`,
    metadata: {
      minedAt,
      chain: CHAIN,
      operationType: 'send',
      status: 'confirmed',
      sentFrom: ALICE,
      sentTo: BOB,
      ...overrides,
    },
    transfers,
  }
}

export function usdcTransfer(numeric: string, direction: 'in' | 'out' = 'out'): TransactionTransfer {
  return {
    direction,
    quantity: { numeric },
    fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'http://s.test/usdc.svg' } },
  }
}

export function nftTransfer(name: string, isSpam: boolean): TransactionTransfer {
  return {
    direction: 'in',
    quantity: { numeric: '1' },
    nft_info: {
      name,
      content: { preview: { url: `data:image/svg+xml,${name}` } },
      flags: { is_spam: isSpam },
    },
  }
}

export function balance(symbol: string, value: number, decimals = '18', address?: string): Balance {
  return {
    name: symbol,
    symbol,
    chainId: CHAIN,
    address,
    value,
    price: 1,
    quantity: { decimals, numeric: String(value) },
    iconUrl: '',
  }
}
