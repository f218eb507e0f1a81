// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The two Multicall3 functions Portico's services call (aggregate3, getEthBalance), with
/// Multicall3's ABI, for tests only: installed with anvil_setCode at Multicall3's canonical address
/// so the services' Multicall3 path runs against a real EVM. Not the audited Multicall3, and never
/// deployed to a chain anyone else uses.
contract TestMulticall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error CallFailed(uint256 index);

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert CallFailed(i);
            results[i] = Result(success, returnData);
        }
    }

    function getEthBalance(address addr) external view returns (uint256) {
        return addr.balance;
    }
}
