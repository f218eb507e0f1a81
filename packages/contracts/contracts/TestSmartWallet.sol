// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal smart-contract account for sign-in tests: a signature is valid when its owner's key
/// made it over the given hash (ERC-1271).
contract TestSmartWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// Deploys TestSmartWallets at CREATE2 addresses known in advance, so a wallet can sign before it
/// exists (ERC-6492 wraps the signature with this factory and its `deploy` calldata).
contract TestSmartWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new TestSmartWallet{salt: salt}(owner));
    }

    function walletAddress(address owner, bytes32 salt) external view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(TestSmartWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
