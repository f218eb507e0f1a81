import {
  type Address,
  createClient,
  custom,
  encodeAbiParameters,
  hashMessage,
  recoverTypedDataAddress,
} from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { replaySafeTypedData, toPorticoSmartAccount } from './account.ts'

const ACCOUNT: Address = '0x5555555555555555555555555555555555555555'
const FACTORY: Address = '0x6666666666666666666666666666666666666666'
const owner = privateKeyToAccount(generatePrivateKey())

/** A node where the factory answers ACCOUNT and the account's code exists when `deployed`. */
function clientOf(deployed: boolean) {
  return createClient({
    chain: anvil,
    transport: custom({
      async request({ method }) {
        if (method === 'eth_call') return encodeAbiParameters([{ type: 'address' }], [ACCOUNT])
        if (method === 'eth_getCode') return deployed ? '0x6080' : '0x'
        if (method === 'eth_chainId') return '0x7a69'
        throw new Error(`unexpected ${method}`)
      },
    }),
  })
}

describe('toPorticoSmartAccount', () => {
  it("takes the factory's counterfactual address and deploys through createAccount(owner, salt)", async () => {
    const account = await toPorticoSmartAccount(owner, {
      client: clientOf(false),
      factory: FACTORY,
      salt: 3n,
    })
    expect(account.address).toBe(ACCOUNT)
    expect(account.entryPoint).toMatchObject({ address: entryPoint08Address, version: '0.8' })
    const { factory, factoryData } = await account.getFactoryArgs()
    expect(factory).toBe(FACTORY)
    expect(factoryData?.slice(0, 10)).toBe('0x5fbfb9cf')
  })

  it('encodes one call as execute and several as one executeBatch, and reads them back', async () => {
    const account = await toPorticoSmartAccount(owner, { client: clientOf(true), factory: FACTORY })
    const one = [{ to: FACTORY, value: 5n, data: '0x1234' as const }]
    const two = [...one, { to: ACCOUNT, value: 0n, data: '0x' as const }]
    expect(await account.decodeCalls?.(await account.encodeCalls(one))).toEqual(one)
    expect(await account.decodeCalls?.(await account.encodeCalls(two))).toEqual(two)
  })

  it("signs messages as the owner's EIP-712 signature bound to the account (ERC-1271 once deployed)", async () => {
    const account = await toPorticoSmartAccount(owner, { client: clientOf(true), factory: FACTORY })
    const signature = await account.signMessage({ message: 'hello' })
    const signer = await recoverTypedDataAddress({
      ...replaySafeTypedData(ACCOUNT, anvil.id, hashMessage('hello')),
      signature,
    })
    expect(signer).toBe(owner.address)
    // Bound to this account: the same digest for another account recovers someone else.
    const elsewhere = await recoverTypedDataAddress({
      ...replaySafeTypedData(FACTORY, anvil.id, hashMessage('hello')),
      signature,
    })
    expect(elsewhere).not.toBe(owner.address)
  })

  it('wraps signatures in ERC-6492 while the account is not deployed', async () => {
    const account = await toPorticoSmartAccount(owner, { client: clientOf(false), factory: FACTORY })
    const signature = await account.signMessage({ message: 'hello' })
    expect(signature.endsWith('6492'.repeat(16))).toBe(true)
  })
})
