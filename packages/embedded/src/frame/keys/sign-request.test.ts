import {
  type Hex,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  stringToHex,
  verifyMessage,
} from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api.ts'
import { signRequest, type WithKey } from './sign-request.ts'
import { fakeChain } from './test-chain.ts'

const account = privateKeyToAccount(generatePrivateKey())
const sender = { address: account.address, chainId: 31337 }
const to = '0x2222222222222222222222222222222222222222'

/** The key as `withKey` lends it, counting how often it was put together. */
function lender() {
  let uses = 0
  const withKey: WithKey = async (use) => {
    uses += 1
    return use(account as PrivateKeyAccount)
  }
  return { withKey, uses: () => uses }
}

const liveChain = () =>
  fakeChain({
    eth_getTransactionCount: '0x0',
    eth_maxPriorityFeePerGas: '0x1',
    eth_getBlockByNumber: { baseFeePerGas: '0x2' },
    eth_estimateGas: '0x5208',
    eth_sendRawTransaction: ([raw]: unknown[]) => keccak256(raw as Hex),
  })

async function refusal(run: Promise<unknown>) {
  const error = await run.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`)
  return { message: error.message, code: error.code, status: error.status }
}

describe('signing in the frame', () => {
  it('personal_sign signs the raw message with the key, put together once', async () => {
    const key = lender()
    const signature = (await signRequest(
      { method: 'personal_sign', params: [stringToHex('Hello from Portico'), account.address] },
      sender,
      key.withKey,
      fakeChain({}).read,
    )) as Hex
    expect(await verifyMessage({ address: account.address, message: 'Hello from Portico', signature })).toBe(
      true,
    )
    expect(key.uses()).toBe(1)
  })

  it('eth_signTypedData_v4 signs the EIP-712 digest', async () => {
    const typed = {
      domain: { name: 'Portico', version: '1', chainId: 31337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note' as const,
      message: { text: 'hi' },
    }
    const signature = (await signRequest(
      { method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(typed)] },
      sender,
      lender().withKey,
      fakeChain({}).read,
    )) as Hex
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(account.address)
  })

  it('eth_sendTransaction fills, signs and sends the raw transaction, answering its hash', async () => {
    const chain = liveChain()
    const hash = await signRequest(
      { method: 'eth_sendTransaction', params: [{ from: account.address, to, value: '0x64' }] },
      sender,
      lender().withKey,
      chain.read,
    )
    const [, [raw]] = chain.calls.find(([method]) => method === 'eth_sendRawTransaction') as [string, [Hex]]
    expect(hash).toBe(keccak256(raw))
    expect(parseTransaction(raw)).toMatchObject({ chainId: 31337, nonce: 0, to, value: 100n, gas: 21000n })
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(account.address)
  })

  it('refuses bad parameters and other accounts before the key is put together', async () => {
    const key = lender()
    const ask = (method: string, params: unknown) =>
      refusal(signRequest({ method, params }, sender, key.withKey, liveChain().read))
    expect(await ask('personal_sign', ['hello', account.address])).toMatchObject({ code: -32602 })
    expect(await ask('eth_sendTransaction', [{ from: to }])).toMatchObject({
      message: 'The requested account is not this wallet',
      code: 4100,
    })
    expect(key.uses()).toBe(0)
  })

  it("a transaction the chain refuses fails with -32003 in viem's words, unsigned when it fails early", async () => {
    const key = lender()
    const poor = fakeChain({
      eth_getTransactionCount: '0x0',
      eth_maxPriorityFeePerGas: '0x1',
      eth_getBlockByNumber: { baseFeePerGas: '0x2' },
      eth_estimateGas: () => {
        throw new ApiError('insufficient funds for gas * price + value', 400, -32000)
      },
    })
    const send = { method: 'eth_sendTransaction', params: [{ to, value: '0x64' }] }
    expect(await refusal(signRequest(send, sender, key.withKey, poor.read))).toMatchObject({
      code: -32003,
      message:
        'The total cost (gas * gas fee + value) of executing this transaction exceeds the balance of the account.',
    })
    expect(key.uses()).toBe(0)

    const racing = fakeChain({
      ...liveChain().answers,
      eth_sendRawTransaction: () => {
        throw new ApiError('nonce too low', 400, -32003)
      },
    })
    expect(await refusal(signRequest(send, sender, key.withKey, racing.read))).toMatchObject({
      code: -32003,
      message: expect.stringMatching(/^Nonce provided for the transaction is lower than the current nonce/),
    })
  })

  it('a session the services ended stays a session error, not a refused transaction', async () => {
    const sessionEnded = () => {
      throw new ApiError('Session expired', 401)
    }
    const ended = fakeChain(
      Object.fromEntries(Object.keys(liveChain().answers).map((method) => [method, sessionEnded])),
    )
    const send = { method: 'eth_sendTransaction', params: [{ to }] }
    expect(await refusal(signRequest(send, sender, lender().withKey, ended.read))).toEqual({
      message: 'Session expired',
      code: undefined,
      status: 401,
    })
  })

  it('other approval methods are not supported yet', async () => {
    expect(
      await refusal(
        signRequest({ method: 'wallet_sendCalls', params: [] }, sender, lender().withKey, liveChain().read),
      ),
    ).toMatchObject({ message: 'wallet_sendCalls is not supported by this wallet yet', code: 4200 })
  })
})
