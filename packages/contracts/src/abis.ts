import { type Abi, erc20Abi, erc721Abi, erc1155Abi, parseAbi } from 'viem'

// viem's standard ABIs plus what each demo contract adds; deploy.int.test.ts and badges.int.test.ts
// hold the result to what solc compiles, so a member the contract lacks cannot creep in.

/** `abi` without the named members: parts of a standard a demo contract leaves out. */
function without<const abi extends Abi, const name extends string>(abi: abi, names: readonly name[]) {
  return abi.filter(
    (item): item is Exclude<abi[number], { name: name }> =>
      !('name' in item && (names as readonly string[]).includes(item.name)),
  )
}

/** DemoToken.sol: a standard ERC-20 plus the deployer-only `mint`. */
export const demoTokenAbi = [
  ...erc20Abi,
  ...parseAbi([
    'constructor(string name_, string symbol_, uint8 decimals_)',
    'function minter() view returns (address)',
    'function mint(address to, uint256 value)',
    'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
    'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
    'error ERC20InvalidReceiver(address receiver)',
    'error Unauthorized(address account)',
  ]),
] as const

/** DemoCollection.sol: ERC-721 with on-chain metadata plus the deployer-only `mint`; not enumerable. */
export const demoCollectionAbi = [
  ...without(erc721Abi, ['tokenByIndex']),
  ...parseAbi([
    'constructor(string name_, string symbol_, string description_)',
    'function description() view returns (string)',
    'function minter() view returns (address)',
    'function supportsInterface(bytes4 interfaceId) pure returns (bool)',
    'function mint(address to) returns (uint256 tokenId)',
    'error ERC721InvalidOwner(address owner)',
    'error ERC721NonexistentToken(uint256 tokenId)',
    'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
    'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
    'error ERC721InvalidApprover(address approver)',
    'error ERC721InvalidOperator(address operator)',
    'error ERC721InvalidReceiver(address receiver)',
    'error Unauthorized(address account)',
  ]),
] as const

/**
 * DemoBadges.sol: ERC-1155 with on-chain metadata plus the deployer-only `mint` and `mintBatch`.
 * Its URIs are fixed, so it never emits `URI`.
 */
export const demoBadgesAbi = [
  ...without(erc1155Abi, ['URI', 'ERC1155InvalidApprover', 'ERC1155InvalidSender']),
  ...parseAbi([
    'constructor(string name_, string symbol_)',
    'function name() view returns (string)',
    'function symbol() view returns (string)',
    'function owner() view returns (address)',
    'function mint(address to, uint256 id, uint256 value)',
    'function mintBatch(address to, uint256[] ids, uint256[] values)',
    'error Unauthorized(address account)',
  ]),
] as const

/**
 * PorticoNameResolver.sol: the Universal Resolver's two entry points as viem calls them, answered
 * through the services' signed gateway (EIP-3668), and the owner's gateway setting.
 */
export const porticoNameResolverAbi = parseAbi([
  'constructor(string[] urls_, address signer_)',
  'function owner() view returns (address)',
  'function signer() view returns (address)',
  'function urls() view returns (string[])',
  'function setGateway(string[] urls_, address signer_)',
  'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
  'function reverseWithGateways(bytes lookupAddress, uint256 coinType, string[] gateways) view returns (string, address, address)',
  'function resolveCallback(bytes response, bytes question) view returns (bytes, address)',
  'function reverseCallback(bytes response, bytes question) view returns (string, address, address)',
  'event GatewayChanged(string[] urls, address signer)',
  'error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData)',
  'error Unauthorized(address account)',
  'error InvalidSigner()',
  'error AnswerExpired(uint64 expires)',
  'error InvalidSignature()',
])
