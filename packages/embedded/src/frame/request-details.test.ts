import { stringToHex } from 'viem'
import { expect, test } from 'vitest'
import { describeRequest } from './request-details.ts'

test('a personal_sign message shows as text, binary as hex', () => {
  expect(describeRequest('personal_sign', [stringToHex('Hello\nworld'), '0x1'], 'ETH')).toEqual({
    kind: 'message',
    text: 'Hello\nworld',
  })
  expect(describeRequest('personal_sign', ['0x00ff01', '0x1'], 'ETH')).toEqual({
    kind: 'message',
    text: '0x00ff01',
  })
})

test('typed data shows its domain and fields', () => {
  const typed = {
    domain: { name: 'Shop', chainId: 1 },
    primaryType: 'Order',
    message: { id: 7, items: ['a'] },
  }
  expect(describeRequest('eth_signTypedData_v4', ['0x1', JSON.stringify(typed)], 'ETH')).toEqual({
    kind: 'typedData',
    primaryType: 'Order',
    domain: [
      ['name', 'Shop'],
      ['chainId', '1'],
    ],
    fields: [
      ['id', '7'],
      ['items', '["a"]'],
    ],
  })
})

test('a transaction shows recipient, amount and data', () => {
  const details = describeRequest(
    'eth_sendTransaction',
    [{ to: '0xabc', value: '0xde0b6b3a7640000', data: '0x' }],
    'ETH',
  )
  expect(details).toMatchObject({ kind: 'transaction', to: '0xabc', value: '1 ETH', data: undefined })
})
