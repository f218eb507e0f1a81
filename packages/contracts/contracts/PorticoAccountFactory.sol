// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PorticoAccount} from "./PorticoAccount.sol";

/// @notice Creates PorticoAccounts as EIP-1167 clones at CREATE2 addresses known before deployment
/// (counterfactual). Anyone may call `createAccount`: the EntryPoint's SenderCreator with a user
/// operation's initCode, and an ERC-6492 verifier simulating the deployment of a signer not yet deployed.
contract PorticoAccountFactory {
    event AccountCreated(address indexed account, address indexed owner, uint256 salt);

    PorticoAccount public immutable accountImplementation;

    constructor(address entryPoint) {
        accountImplementation = new PorticoAccount(entryPoint);
    }

    /// The account of `owner` under `salt`; an existing one is returned as it is, so a replay changes nothing.
    function createAccount(address owner, uint256 salt) external returns (PorticoAccount) {
        address account = getAddress(owner, salt);
        if (account.code.length > 0) return PorticoAccount(payable(account));
        bytes memory code = _cloneCode();
        bytes32 fullSalt = _salt(owner, salt);
        address created;
        assembly {
            created := create2(0, add(code, 32), mload(code), fullSalt)
        }
        require(created == account, "PorticoAccountFactory: create2 failed");
        PorticoAccount(payable(created)).initialize(owner);
        emit AccountCreated(created, owner, salt);
        return PorticoAccount(payable(created));
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 hash = keccak256(
            abi.encodePacked(bytes1(0xff), address(this), _salt(owner, salt), keccak256(_cloneCode()))
        );
        return address(uint160(uint256(hash)));
    }

    function _salt(address owner, uint256 salt) private pure returns (bytes32) {
        return keccak256(abi.encode(owner, salt));
    }

    /// The EIP-1167 minimal proxy's creation code, delegating every call to the implementation.
    function _cloneCode() private view returns (bytes memory) {
        return abi.encodePacked(
            hex"3d602d80600a3d3981f3363d3d373d3d3d363d73",
            address(accountImplementation),
            hex"5af43d82803e903d91602b57fd5bf3"
        );
    }
}
