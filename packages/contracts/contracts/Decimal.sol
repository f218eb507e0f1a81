// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Unsigned integers as decimal text, for metadata built on chain.
library Decimal {
    function toString(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 rest = value; rest != 0; rest /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }
}
