// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Decimal} from "./Decimal.sol";
import {ERC165} from "./ERC165.sol";
import {OnChainMetadata} from "./OnChainMetadata.sol";

interface IERC1155Receiver {
    function onERC1155Received(address operator, address from, uint256 id, uint256 value, bytes calldata data)
        external
        returns (bytes4);

    function onERC1155BatchReceived(
        address operator,
        address from,
        uint256[] calldata ids,
        uint256[] calldata values,
        bytes calldata data
    ) external returns (bytes4);
}

/// @notice A minimal ERC-1155 of numbered badges whose metadata and artwork live on chain, so the
/// indexer's multi-token path is exercised on a local chain with no metadata host.
contract DemoBadges {
    string public name;
    string public symbol;
    address public immutable owner;

    mapping(uint256 => mapping(address => uint256)) private _balances;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    event TransferSingle(
        address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value
    );
    event TransferBatch(
        address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values
    );
    event ApprovalForAll(address indexed account, address indexed operator, bool approved);

    // ERC-6093 errors, so callers decode the same reasons they see on real multi-token contracts.
    error ERC1155InsufficientBalance(address sender, uint256 balance, uint256 needed, uint256 tokenId);
    error ERC1155InvalidReceiver(address receiver);
    error ERC1155MissingApprovalForAll(address operator, address owner);
    error ERC1155InvalidOperator(address operator);
    error ERC1155InvalidArrayLength(uint256 idsLength, uint256 valuesLength);
    error Unauthorized(address account);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return ERC165.tokenSupports(interfaceId, 0xd9b67a26, 0x0e89341c); // ERC-1155, its Metadata URI
    }

    function balanceOf(address account, uint256 id) public view returns (uint256) {
        return _balances[id][account];
    }

    function balanceOfBatch(address[] calldata accounts, uint256[] calldata ids)
        external
        view
        returns (uint256[] memory balances)
    {
        if (accounts.length != ids.length) revert ERC1155InvalidArrayLength(ids.length, accounts.length);
        balances = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; i++) {
            balances[i] = _balances[ids[i]][accounts[i]];
        }
    }

    function isApprovedForAll(address account, address operator) public view returns (bool) {
        return _operatorApprovals[account][operator];
    }

    function setApprovalForAll(address operator, bool approved) external {
        if (operator == address(0)) revert ERC1155InvalidOperator(operator);
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata data) external {
        _checkOperator(from);
        if (to == address(0)) revert ERC1155InvalidReceiver(to);
        _move(from, to, id, value);
        emit TransferSingle(msg.sender, from, to, id, value);
        _checkSingleReceiver(from, to, id, value, data);
    }

    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] calldata ids,
        uint256[] calldata values,
        bytes calldata data
    ) external {
        _checkOperator(from);
        if (to == address(0)) revert ERC1155InvalidReceiver(to);
        if (ids.length != values.length) revert ERC1155InvalidArrayLength(ids.length, values.length);
        for (uint256 i = 0; i < ids.length; i++) {
            _move(from, to, ids[i], values[i]);
        }
        emit TransferBatch(msg.sender, from, to, ids, values);
        _checkBatchReceiver(from, to, ids, values, data);
    }

    function mint(address to, uint256 id, uint256 value) external {
        _checkOwner();
        if (to == address(0)) revert ERC1155InvalidReceiver(to);
        _move(address(0), to, id, value);
        emit TransferSingle(msg.sender, address(0), to, id, value);
        _checkSingleReceiver(address(0), to, id, value, "");
    }

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata values) external {
        _checkOwner();
        if (to == address(0)) revert ERC1155InvalidReceiver(to);
        if (ids.length != values.length) revert ERC1155InvalidArrayLength(ids.length, values.length);
        for (uint256 i = 0; i < ids.length; i++) {
            _move(address(0), to, ids[i], values[i]);
        }
        emit TransferBatch(msg.sender, address(0), to, ids, values);
        _checkBatchReceiver(address(0), to, ids, values, "");
    }

    /// @dev Resolved per id rather than an `{id}` template: a data: URI cannot be templated.
    function uri(uint256 id) external view returns (string memory) {
        string memory hue = OnChainMetadata.hue(id);
        string memory number = Decimal.toString(id);
        string memory hexagon = string.concat(
            '<polygon points="160,36 268,98 268,222 160,284 52,222 52,98" fill="',
            OnChainMetadata.hsl(hue, "70%,52%"),
            '"/>'
        );
        bytes memory svg = OnChainMetadata.svg(OnChainMetadata.hsl(hue, "30%,12%"), hexagon, 176, 48, number);
        return OnChainMetadata.dataUri(name, number, "A badge of the Portico demo chain.", svg, "");
    }

    function _checkOwner() private view {
        if (msg.sender != owner) revert Unauthorized(msg.sender);
    }

    function _checkOperator(address from) private view {
        if (msg.sender != from && !_operatorApprovals[from][msg.sender]) {
            revert ERC1155MissingApprovalForAll(msg.sender, from);
        }
    }

    /// @dev `from` zero mints; callers have already refused a zero `to`.
    function _move(address from, address to, uint256 id, uint256 value) private {
        if (from != address(0)) {
            uint256 balance = _balances[id][from];
            if (balance < value) revert ERC1155InsufficientBalance(from, balance, value, id);
            unchecked {
                _balances[id][from] = balance - value;
            }
        }
        _balances[id][to] += value;
    }

    function _checkSingleReceiver(address from, address to, uint256 id, uint256 value, bytes memory data)
        private
    {
        if (to.code.length == 0) return;
        try IERC1155Receiver(to).onERC1155Received(msg.sender, from, id, value, data) returns (bytes4 answer) {
            if (answer != IERC1155Receiver.onERC1155Received.selector) revert ERC1155InvalidReceiver(to);
        } catch (bytes memory reason) {
            _refuse(to, reason);
        }
    }

    function _checkBatchReceiver(
        address from,
        address to,
        uint256[] memory ids,
        uint256[] memory values,
        bytes memory data
    ) private {
        if (to.code.length == 0) return;
        try IERC1155Receiver(to).onERC1155BatchReceived(msg.sender, from, ids, values, data) returns (
            bytes4 answer
        ) {
            if (answer != IERC1155Receiver.onERC1155BatchReceived.selector) revert ERC1155InvalidReceiver(to);
        } catch (bytes memory reason) {
            _refuse(to, reason);
        }
    }

    function _refuse(address to, bytes memory reason) private pure {
        if (reason.length == 0) revert ERC1155InvalidReceiver(to);
        // Bubble the receiver's own reason up, so the caller sees why it refused.
        assembly {
            revert(add(reason, 32), mload(reason))
        }
    }
}
