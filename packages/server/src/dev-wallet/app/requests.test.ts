import { hashTypedData, recoverAddress, stringToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { answerRequest, describeRequest } from './requests.ts'

// anvil's dev account 8, as the dev wallet uses it.
const account = privateKeyToAccount('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97')
const context = { account, chain: anvil, rpcUrl: 'http://127.0.0.1:9' }

const typedData = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Portico' },
  message: { contents: 'Hello' },
} as const

describe('the dev wallet’s requests', () => {
  it('shows a personal_sign message as text, and a binary one as hex', () => {
    expect(describeRequest('personal_sign', [stringToHex('Hello from Portico'), account.address])).toEqual({
      title: 'Sign message',
      lines: ['Hello from Portico'],
    })
    expect(describeRequest('personal_sign', ['0x00ff', account.address]).lines).toEqual(['0x00ff'])
  })

  it('shows a transaction’s recipient, value in ETH and data size', () => {
    const { title, lines } = describeRequest('eth_sendTransaction', [
      { to: account.address, value: '0x2386f26fc10000', data: '0xa9059cbb' },
    ])
    expect(title).toBe('Send transaction')
    expect(lines).toEqual([`To: ${account.address}`, 'Value: 0.01 ETH', 'Data: 4 bytes'])
  })

  it('signs personal_sign over the message bytes, as wallets do', async () => {
    const message = 'Hello from Portico'
    const signature = await answerRequest('personal_sign', [stringToHex(message), account.address], context)
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
  })

  it('signs eth_signTypedData_v4 from its JSON, EIP712Domain included', async () => {
    const signature = await answerRequest(
      'eth_signTypedData_v4',
      [account.address, JSON.stringify(typedData)],
      context,
    )
    const { EIP712Domain: _domain, ...types } = typedData.types
    const hash = hashTypedData({ ...typedData, types })
    expect(await recoverAddress({ hash, signature })).toBe(account.address)
  })

  it('refuses a method it does not answer', async () => {
    await expect(answerRequest('eth_sign', [], context)).rejects.toThrow('does not answer eth_sign')
  })
})
