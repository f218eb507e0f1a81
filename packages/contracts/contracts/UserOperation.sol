// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The user operation as EntryPoint v0.7 and v0.8 pass it to accounts and paymasters (ERC-4337).
struct PackedUserOperation {
    address sender;
    uint256 nonce;
    bytes initCode;
    bytes callData;
    /// verificationGasLimit (high 128 bits) and callGasLimit (low 128 bits).
    bytes32 accountGasLimits;
    uint256 preVerificationGas;
    /// maxPriorityFeePerGas (high 128 bits) and maxFeePerGas (low 128 bits).
    bytes32 gasFees;
    bytes paymasterAndData;
    bytes signature;
}

/// The EntryPoint's deposit members our contracts use.
interface IEntryPointDeposits {
    function balanceOf(address account) external view returns (uint256);
    function depositTo(address account) external payable;
    function withdrawTo(address payable withdrawAddress, uint256 withdrawAmount) external;
}
