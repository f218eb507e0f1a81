import { parseAbi } from 'viem'

// The ABIs of our own ERC-4337 contracts (packages/contracts/contracts/Portico*.sol); the contracts
// package's deploy tests hold them to what solc compiles.

/** PorticoAccount.sol: one owner, single and batched calls, ERC-1271 over an account-bound hash. */
export const porticoAccountAbi = parseAbi([
  'constructor(address entryPoint_)',
  'struct Call { address target; uint256 value; bytes data; }',
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function entryPoint() view returns (address)',
  'function owner() view returns (address)',
  'receive() external payable',
  'function initialize(address owner_)',
  'function setOwner(address newOwner)',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch(Call[] calls)',
  'function validateUserOp(PackedUserOperation userOp, bytes32 userOpHash, uint256 missingAccountFunds) returns (uint256 validationData)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function replaySafeHash(bytes32 hash) view returns (bytes32)',
  'function getDeposit() view returns (uint256)',
  'event OwnerSet(address indexed owner)',
  'error NotAllowed(address caller)',
  'error AlreadyInitialized()',
  'error ZeroOwner()',
])

/** PorticoAccountFactory.sol: counterfactual accounts anyone may deploy. */
export const porticoAccountFactoryAbi = parseAbi([
  'constructor(address entryPoint)',
  'function accountImplementation() view returns (address)',
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
  'event AccountCreated(address indexed account, address indexed owner, uint256 salt)',
])

/** PorticoPaymaster.sol: pays for operations its signer signed. */
export const porticoPaymasterAbi = parseAbi([
  'constructor(address entryPoint_, address owner_, address signer_)',
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function entryPoint() view returns (address)',
  'function owner() view returns (address)',
  'function signer() view returns (address)',
  'function setSigner(address signer_)',
  'function deposit() payable',
  'function withdrawTo(address to, uint256 amount)',
  'function getDeposit() view returns (uint256)',
  'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
  'function validatePaymasterUserOp(PackedUserOperation userOp, bytes32 userOpHash, uint256 maxCost) view returns (bytes context, uint256 validationData)',
  'function postOp(uint8 mode, bytes context, uint256 actualGasCost, uint256 actualUserOpFeePerGas) view',
  'event SignerChanged(address signer)',
  'error NotAllowed(address caller)',
  'error InvalidSigner()',
  'error BadPaymasterData(uint256 length)',
])
