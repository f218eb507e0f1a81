// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IEntryPointDeposits, PackedUserOperation} from "./UserOperation.sol";

/// @notice A verifying paymaster (ERC-4337, EntryPoint v0.8): it pays for a user operation when the
/// operator's signer signed that very operation with a validity window. Its deposit at the EntryPoint
/// is the operator's money; the services decide whom to sign for.
///
/// paymasterAndData: paymaster (20) | verificationGasLimit (16) | postOpGasLimit (16)
///                   | validUntil (6) | validAfter (6) | signature (65)
contract PorticoPaymaster {
    enum PostOpMode {
        opSucceeded,
        opReverted,
        postOpReverted
    }

    error NotAllowed(address caller);
    error InvalidSigner();
    error BadPaymasterData(uint256 length);

    event SignerChanged(address signer);

    uint256 private constant DATA_OFFSET = 52;
    uint256 private constant SIGNATURE_OFFSET = 64;

    address public immutable entryPoint;
    address public immutable owner;
    address public signer;

    constructor(address entryPoint_, address owner_, address signer_) {
        entryPoint = entryPoint_;
        owner = owner_;
        _setSigner(signer_);
    }

    function setSigner(address signer_) external {
        if (msg.sender != owner) revert NotAllowed(msg.sender);
        _setSigner(signer_);
    }

    /// Anyone may top up the deposit that pays for sponsored operations.
    function deposit() external payable {
        IEntryPointDeposits(entryPoint).depositTo{value: msg.value}(address(this));
    }

    function withdrawTo(address payable to, uint256 amount) external {
        if (msg.sender != owner) revert NotAllowed(msg.sender);
        IEntryPointDeposits(entryPoint).withdrawTo(to, amount);
    }

    function getDeposit() external view returns (uint256) {
        return IEntryPointDeposits(entryPoint).balanceOf(address(this));
    }

    /// What the signer signs (as EIP-191 personal message): every field of the operation but its
    /// signature and the paymaster's own signature, the chain, this paymaster and the window.
    function getHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter)
        public
        view
        returns (bytes32)
    {
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                bytes32(userOp.paymasterAndData[20:DATA_OFFSET]),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    /// A wrong signature is answered as a signature failure, not a revert, so gas estimation with
    /// stub data goes through.
    function validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        external
        view
        returns (bytes memory context, uint256 validationData)
    {
        if (msg.sender != entryPoint) revert NotAllowed(msg.sender);
        bytes calldata data = userOp.paymasterAndData;
        if (data.length != SIGNATURE_OFFSET + 65) revert BadPaymasterData(data.length);
        uint48 validUntil = uint48(bytes6(data[DATA_OFFSET:DATA_OFFSET + 6]));
        uint48 validAfter = uint48(bytes6(data[DATA_OFFSET + 6:SIGNATURE_OFFSET]));
        bytes32 digest = keccak256(
            abi.encodePacked("\x19Ethereum Signed Message:\n32", getHash(userOp, validUntil, validAfter))
        );
        uint256 failed = _recover(digest, data[SIGNATURE_OFFSET:]) == signer ? 0 : 1;
        return ("", failed | (uint256(validUntil) << 160) | (uint256(validAfter) << 208));
    }

    /// Never called: validation returns no context.
    function postOp(PostOpMode, bytes calldata, uint256, uint256) external view {
        if (msg.sender != entryPoint) revert NotAllowed(msg.sender);
    }

    function _setSigner(address signer_) private {
        // ecrecover answers the zero address for a broken signature; it must never be the signer.
        if (signer_ == address(0)) revert InvalidSigner();
        signer = signer_;
        emit SignerChanged(signer_);
    }

    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
