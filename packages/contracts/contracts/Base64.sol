// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice RFC 4648 base64 with padding, for `data:` URIs built on chain.
library Base64 {
    bytes private constant ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    function encode(bytes memory data) internal pure returns (string memory) {
        bytes memory alphabet = ALPHABET;
        bytes memory out = new bytes(4 * ((data.length + 2) / 3));
        uint256 j;
        for (uint256 i = 0; i < data.length; i += 3) {
            uint256 chunk = uint256(uint8(data[i])) << 16;
            if (i + 1 < data.length) chunk |= uint256(uint8(data[i + 1])) << 8;
            if (i + 2 < data.length) chunk |= uint256(uint8(data[i + 2]));
            out[j++] = alphabet[(chunk >> 18) & 63];
            out[j++] = alphabet[(chunk >> 12) & 63];
            out[j++] = i + 1 < data.length ? alphabet[(chunk >> 6) & 63] : bytes1("=");
            out[j++] = i + 2 < data.length ? alphabet[chunk & 63] : bytes1("=");
        }
        return string(out);
    }
}
