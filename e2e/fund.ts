import { DEV_ACCOUNTS } from '@portico/contracts'
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** Sends `ether` from dev account `funderIndex` to `to` and waits until it is mined. */
export async function fundFromDevAccount(rpcUrl: string, funderIndex: number, to: Hex, ether: string) {
  const funder = DEV_ACCOUNTS[funderIndex] as { privateKey: Hex }
  const wallet = createWalletClient({
    account: privateKeyToAccount(funder.privateKey),
    transport: http(rpcUrl),
  })
  const hash = await wallet.sendTransaction({ chain: null, to, value: parseEther(ether) })
  await createPublicClient({ transport: http(rpcUrl) }).waitForTransactionReceipt({ hash })
}
