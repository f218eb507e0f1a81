import { encodeFunctionData, erc20Abi, maxUint256, stringToHex } from 'viem'
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
  expect(details).toMatchObject({
    kind: 'transaction',
    to: '0xabc',
    value: '1 ETH',
    token: [],
    data: undefined,
  })
})

test('a token transfer sent as a transaction also says its recipient and amount, beside the data', () => {
  const shop = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [shop, 12_500_000n] })
  expect(describeRequest('eth_sendTransaction', [{ to: '0xabc', data }], 'ETH')).toMatchObject({
    kind: 'transaction',
    to: '0xabc',
    value: '0 ETH',
    token: [
      ['Recipient', shop],
      ['Tokens', '12500000 base units'],
    ],
    data,
  })
})

test('a batch shows each call in words: token transfers and approvals decoded, other calls as sent', () => {
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
  const shop = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [shop, 1_500_000n] })
  const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [shop, maxUint256] })
  const calls = [
    { to: token, data: transfer },
    { to: token, data: approve, value: '0x0' },
    { to: shop, value: '0xde0b6b3a7640000', data: '0x1234' },
  ]
  expect(describeRequest('wallet_sendCalls', [{ chainId: '0x7a69', calls }], 'ETH')).toEqual({
    kind: 'calls',
    calls: [
      {
        title: 'Token transfer',
        rows: [
          ['Token', token],
          ['Recipient', shop],
          ['Tokens', '1500000 base units'],
        ],
      },
      {
        title: 'Token approval',
        rows: [
          ['Token', token],
          ['Spender', shop],
          ['Allowance', 'Unlimited'],
        ],
      },
      {
        title: 'Call',
        rows: [
          ['To', shop],
          ['Amount', '1 ETH'],
          ['Data', '0x1234'],
        ],
      },
    ],
  })
})
