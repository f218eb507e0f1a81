import type { Account, Address, Chain, PublicClient, Transport, WalletClient } from 'viem'
import { address, stringView, supportsInterface, uint256, uint256s } from './abi-parts.ts'
import { compileContracts } from './compile.ts'

const bytes = { name: 'data', type: 'bytes' } as const

/**
 * ABI of DemoBadges.sol: ERC-1155 with on-chain metadata plus the deployer-only `mint` and
 * `mintBatch`. Written out by hand so viem types the calls; badges.int.test.ts checks it against solc.
 */
export const demoBadgesAbi = [
  {
    type: 'constructor',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'name_', type: 'string' },
      { name: 'symbol_', type: 'string' },
    ],
  },
  {
    type: 'event',
    name: 'TransferSingle',
    anonymous: false,
    inputs: [
      { ...address('operator'), indexed: true },
      { ...address('from'), indexed: true },
      { ...address('to'), indexed: true },
      { ...uint256('id'), indexed: false },
      { ...uint256('value'), indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'TransferBatch',
    anonymous: false,
    inputs: [
      { ...address('operator'), indexed: true },
      { ...address('from'), indexed: true },
      { ...address('to'), indexed: true },
      { ...uint256s('ids'), indexed: false },
      { ...uint256s('values'), indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'ApprovalForAll',
    anonymous: false,
    inputs: [
      { ...address('account'), indexed: true },
      { ...address('operator'), indexed: true },
      { name: 'approved', type: 'bool', indexed: false },
    ],
  },
  {
    type: 'error',
    name: 'ERC1155InsufficientBalance',
    inputs: [address('sender'), uint256('balance'), uint256('needed'), uint256('tokenId')],
  },
  { type: 'error', name: 'ERC1155InvalidReceiver', inputs: [address('receiver')] },
  { type: 'error', name: 'ERC1155MissingApprovalForAll', inputs: [address('operator'), address('owner')] },
  { type: 'error', name: 'ERC1155InvalidOperator', inputs: [address('operator')] },
  {
    type: 'error',
    name: 'ERC1155InvalidArrayLength',
    inputs: [uint256('idsLength'), uint256('valuesLength')],
  },
  { type: 'error', name: 'Unauthorized', inputs: [address('account')] },
  stringView('name'),
  stringView('symbol'),
  { type: 'function', name: 'owner', stateMutability: 'view', inputs: [], outputs: [address('')] },
  supportsInterface,
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [address('account'), uint256('id')],
    outputs: [uint256('')],
  },
  {
    type: 'function',
    name: 'balanceOfBatch',
    stateMutability: 'view',
    inputs: [{ name: 'accounts', type: 'address[]' }, uint256s('ids')],
    outputs: [uint256s('balances')],
  },
  {
    type: 'function',
    name: 'isApprovedForAll',
    stateMutability: 'view',
    inputs: [address('account'), address('operator')],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'uri',
    stateMutability: 'view',
    inputs: [uint256('id')],
    outputs: [{ name: '', type: 'string' }],
  },
  {
    type: 'function',
    name: 'setApprovalForAll',
    stateMutability: 'nonpayable',
    inputs: [address('operator'), { name: 'approved', type: 'bool' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'safeTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [address('from'), address('to'), uint256('id'), uint256('value'), bytes],
    outputs: [],
  },
  {
    type: 'function',
    name: 'safeBatchTransferFrom',
    stateMutability: 'nonpayable',
    inputs: [address('from'), address('to'), uint256s('ids'), uint256s('values'), bytes],
    outputs: [],
  },
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [address('to'), uint256('id'), uint256('value')],
    outputs: [],
  },
  {
    type: 'function',
    name: 'mintBatch',
    stateMutability: 'nonpayable',
    inputs: [address('to'), uint256s('ids'), uint256s('values')],
    outputs: [],
  },
] as const

/**
 * Deploys a DemoBadges owned (so minted) by `wallet`'s account and returns its address. Not part of
 * the demo deployment, whose seeded history the browser tests rely on; tests deploy it themselves.
 * `cacheDir` reuses a compile cache such as the demo deployment's data folder.
 */
export async function deployDemoBadges(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  publicClient: PublicClient,
  options: { name?: string; symbol?: string; cacheDir?: string } = {},
): Promise<Address> {
  const { DemoBadges: compiled } = await compileContracts({ cacheDir: options.cacheDir })
  if (!compiled) throw new Error('DemoBadges did not compile')
  const hash = await wallet.deployContract({
    abi: demoBadgesAbi,
    bytecode: compiled.bytecode,
    args: [options.name ?? 'Portico Badges', options.symbol ?? 'BADGE'],
    chain: wallet.chain,
  })
  const { contractAddress, status } = await publicClient.waitForTransactionReceipt({ hash })
  if (status !== 'success' || !contractAddress) throw new Error(`Deploying DemoBadges failed in ${hash}`)
  return contractAddress
}
