import {
  type AnvilHandle,
  DEV_ACCOUNTS,
  deployTestSmartWallets,
  startAnvil,
  type TestSmartWallets,
} from '@portico/contracts'
import { freePort } from '@portico/contracts/testing'
import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil as anvilChain } from 'viem/chains'

/** A bare anvil with the test smart-wallet factory, for suites that check contract-account signatures. */
export interface SmartWalletChain {
  chain: AnvilHandle
  wallets: TestSmartWallets
}

export async function startSmartWalletChain(): Promise<SmartWalletChain> {
  const chain = await startAnvil({ port: await freePort() })
  const transport = http(chain.rpcUrl)
  const wallets = await deployTestSmartWallets(
    createWalletClient({
      account: privateKeyToAccount(DEV_ACCOUNTS[0].privateKey),
      chain: anvilChain,
      transport,
    }),
    createPublicClient({ chain: anvilChain, transport }),
  )
  return { chain, wallets }
}

/** Suites on both backends share one chain, so each smart wallet gets a salt of its own (CREATE2 deploys once). */
export const freshSalt = (): bigint => BigInt(Math.floor(Math.random() * 2 ** 48))
