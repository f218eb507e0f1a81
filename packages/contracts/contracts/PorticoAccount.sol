// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IEntryPointDeposits, PackedUserOperation} from "./UserOperation.sol";

/// @notice The smart account of an embedded-wallet user (ERC-4337, EntryPoint v0.8): one owner key,
/// calls made one by one or as an atomic batch, and ERC-1271 signatures over a hash bound to this
/// account, so a signature made for one account of an owner is worthless on another of the same owner.
/// Deployed as EIP-1167 clones of one implementation by PorticoAccountFactory.
contract PorticoAccount {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    error NotAllowed(address caller);
    error AlreadyInitialized();
    error ZeroOwner();

    event OwnerSet(address indexed owner);

    /// validateUserOp's answers (ERC-4337): 0 valid, 1 signature failure.
    uint256 private constant SIG_VALIDATION_SUCCESS = 0;
    uint256 private constant SIG_VALIDATION_FAILED = 1;
    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e;
    bytes4 private constant ERC1271_INVALID = 0xffffffff;

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    /// What the owner signs for ERC-1271: the hash a verifier asks about, wrapped in this account's domain.
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("PorticoMessage(bytes32 hash)");

    address public immutable entryPoint;
    address public owner;

    constructor(address entryPoint_) {
        entryPoint = entryPoint_;
        // The implementation itself is never anyone's account.
        owner = address(1);
    }

    /// Called by the factory in the transaction that creates the clone.
    function initialize(address owner_) external {
        if (owner != address(0)) revert AlreadyInitialized();
        owner = owner_;
        emit OwnerSet(owner_);
    }

    /// Hands the account to a new key (a key rotation): only the account itself may call it, i.e. a
    /// user operation or an `execute` the current owner signed, so the address and its assets stay.
    function setOwner(address newOwner) external {
        if (msg.sender != address(this)) revert NotAllowed(msg.sender);
        if (newOwner == address(0)) revert ZeroOwner();
        owner = newOwner;
        emit OwnerSet(newOwner);
    }

    receive() external payable {}

    function execute(address target, uint256 value, bytes calldata data) external {
        _onlyEntryPointOrOwner();
        _call(target, value, data);
    }

    /// Every call or none: the first that reverts reverts the batch with its reason.
    function executeBatch(Call[] calldata calls) external {
        _onlyEntryPointOrOwner();
        for (uint256 i = 0; i < calls.length; i++) {
            _call(calls[i].target, calls[i].value, calls[i].data);
        }
    }

    /// EntryPoint v0.8 hands the EIP-712 user operation hash, which the owner signed as it is.
    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 missingAccountFunds)
        external
        returns (uint256 validationData)
    {
        if (msg.sender != entryPoint) revert NotAllowed(msg.sender);
        validationData = _recover(userOpHash, userOp.signature) == owner ? SIG_VALIDATION_SUCCESS : SIG_VALIDATION_FAILED;
        if (missingAccountFunds > 0) {
            // The EntryPoint checks the deposit itself; a failed payment shows there.
            (bool paid,) = payable(msg.sender).call{value: missingAccountFunds}("");
            (paid);
        }
    }

    /// ERC-1271: valid when the owner signed `hash` as a PorticoMessage in this account's EIP-712 domain.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        return _recover(replaySafeHash(hash), signature) == owner ? ERC1271_MAGIC : ERC1271_INVALID;
    }

    /// The digest the owner signs for `hash`: EIP-712 with this account as the verifying contract.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("PorticoAccount"), keccak256("1"), block.chainid, address(this))
        );
        return keccak256(abi.encodePacked(hex"1901", domain, keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    /// The account's deposit at the EntryPoint (what pays for its operations besides its balance).
    function getDeposit() external view returns (uint256) {
        return IEntryPointDeposits(entryPoint).balanceOf(address(this));
    }

    function _onlyEntryPointOrOwner() private view {
        if (msg.sender != entryPoint && msg.sender != owner) revert NotAllowed(msg.sender);
    }

    function _call(address target, uint256 value, bytes calldata data) private {
        (bool success, bytes memory result) = target.call{value: value}(data);
        if (!success) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        // Only the lower half of s, as Ethereum transactions: one valid signature per digest.
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
