// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Base64} from "./Base64.sol";
import {Decimal} from "./Decimal.sol";

/// @notice The artwork and metadata the demo tokens build on chain: a square tinted by the token's
/// id with a figure and a white label on it, inside a JSON `data:` URI, so no host serves them.
library OnChainMetadata {
    /// @dev The golden angle spreads consecutive ids around the colour wheel.
    function hue(uint256 id) internal pure returns (string memory) {
        return Decimal.toString((id * 137) % 360);
    }

    /// @dev `tone` is saturation and lightness, such as "30%,12%".
    function hsl(string memory hueDegrees, string memory tone) internal pure returns (string memory) {
        return string.concat("hsl(", hueDegrees, ",", tone, ")");
    }

    /// @dev A 320-pixel square of `background`, then `figure`, then `label` centred at height `labelY`.
    function svg(string memory background, string memory figure, uint256 labelY, uint256 fontSize, string memory label)
        internal
        pure
        returns (bytes memory)
    {
        return abi.encodePacked(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320">',
            '<rect width="320" height="320" fill="', background, '"/>',
            figure,
            '<text x="160" y="', Decimal.toString(labelY),
            '" fill="#fff" font-family="sans-serif" font-size="', Decimal.toString(fontSize),
            '" text-anchor="middle">',
            label,
            "</text></svg>"
        );
    }

    /// @dev `members` follow the image as they are, each written `,"key":value`.
    function dataUri(
        string memory name,
        string memory number,
        string memory description,
        bytes memory image,
        string memory members
    ) internal pure returns (string memory) {
        bytes memory json = abi.encodePacked(
            '{"name":"', name, " #", number,
            '","description":"', description,
            '","image":"data:image/svg+xml;base64,', Base64.encode(image),
            '"', members, "}"
        );
        return string.concat("data:application/json;base64,", Base64.encode(json));
    }
}
