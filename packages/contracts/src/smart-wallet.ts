import {
  type Account,
  type Chain,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  type PublicClient,
  pad,
  type Transport,
  type WalletClient,
} from 'viem'
import { compileContracts } from './compile.ts'

/**
 * A test smart-account setup for sign-in: a factory that deploys ERC-1271 wallets owned by one key
 * at CREATE2 addresses known before deployment (what ERC-6492 counterfactual signatures need).
 */
export interface TestSmartWallets {
  factory: Hex
  /** The wallet's address for this owner and salt, deployed or not. */
  walletAddress(owner: Hex, salt?: bigint): Promise<Hex>
  /** The factory call that deploys that wallet — the calldata an ERC-6492 signature carries. */
  deployCalldata(owner: Hex, salt?: bigint): Hex
  deployWallet(owner: Hex, salt?: bigint): Promise<Hex>
}

export async function deployTestSmartWallets(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  publicClient: PublicClient,
): Promise<TestSmartWallets> {
  const { TestSmartWalletFactory: compiled } = await compileContracts()
  if (!compiled) throw new Error('TestSmartWalletFactory did not compile')
  const { abi, bytecode } = compiled
  const nonce = await publicClient.getTransactionCount({ address: wallet.account.address })
  const hash = await wallet.deployContract({ abi, bytecode, chain: wallet.chain })
  await publicClient.waitForTransactionReceipt({ hash })
  const factory = getContractAddress({ from: wallet.account.address, nonce: BigInt(nonce) })
  const salted = (salt: bigint) => pad(`0x${salt.toString(16)}` as Hex, { size: 32 })
  const deployCalldata = (owner: Hex, salt = 0n) =>
    encodeFunctionData({ abi, functionName: 'deploy', args: [owner, salted(salt)] })
  const walletAddress = async (owner: Hex, salt = 0n) =>
    (await publicClient.readContract({
      address: factory,
      abi,
      functionName: 'walletAddress',
      args: [owner, salted(salt)],
    })) as Hex
  return {
    factory,
    deployCalldata,
    walletAddress,
    async deployWallet(owner, salt = 0n) {
      const tx = await wallet.sendTransaction({
        to: factory,
        data: deployCalldata(owner, salt),
        chain: wallet.chain,
      })
      await publicClient.waitForTransactionReceipt({ hash: tx })
      return walletAddress(owner, salt)
    },
  }
}
