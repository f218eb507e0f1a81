// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The ERC-165 answer of a token contract: ERC-165 itself, its token standard and that
/// standard's metadata extension, and nothing else.
library ERC165 {
    bytes4 private constant ERC165_ID = 0x01ffc9a7;

    function tokenSupports(bytes4 interfaceId, bytes4 standard, bytes4 metadata) internal pure returns (bool) {
        return interfaceId == ERC165_ID || interfaceId == standard || interfaceId == metadata;
    }
}
