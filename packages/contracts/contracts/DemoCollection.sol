// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Decimal} from "./Decimal.sol";
import {ERC165} from "./ERC165.sol";
import {OnChainMetadata} from "./OnChainMetadata.sol";

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// @notice A minimal ERC-721 whose metadata and artwork live entirely on chain, so the NFT views
/// work on a local chain with no IPFS gateway or image host.
contract DemoCollection {
    string public name;
    string public symbol;
    string public description;
    address public immutable minter;
    uint256 public totalSupply;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    // ERC-6093 errors, so callers decode the same reasons they see on real collections.
    error ERC721InvalidOwner(address owner);
    error ERC721NonexistentToken(uint256 tokenId);
    error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner);
    error ERC721InsufficientApproval(address operator, uint256 tokenId);
    error ERC721InvalidApprover(address approver);
    error ERC721InvalidOperator(address operator);
    error ERC721InvalidReceiver(address receiver);
    error Unauthorized(address account);

    constructor(string memory name_, string memory symbol_, string memory description_) {
        name = name_;
        symbol = symbol_;
        description = description_;
        minter = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return ERC165.tokenSupports(interfaceId, 0x80ac58cd, 0x5b5e139f); // ERC-721, ERC-721 Metadata
    }

    function balanceOf(address owner) external view returns (uint256) {
        if (owner == address(0)) revert ERC721InvalidOwner(owner);
        return _balances[owner];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address owner = _owners[tokenId];
        if (owner == address(0)) revert ERC721NonexistentToken(tokenId);
        return owner;
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return _tokenApprovals[tokenId];
    }

    function isApprovedForAll(address owner, address operator) external view returns (bool) {
        return _operatorApprovals[owner][operator];
    }

    function approve(address to, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        if (msg.sender != owner && !_operatorApprovals[owner][msg.sender]) revert ERC721InvalidApprover(msg.sender);
        _tokenApprovals[tokenId] = to;
        emit Approval(owner, to, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        if (operator == address(0)) revert ERC721InvalidOperator(operator);
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        if (to == address(0)) revert ERC721InvalidReceiver(to);
        address owner = ownerOf(tokenId);
        if (owner != from) revert ERC721IncorrectOwner(from, tokenId, owner);
        if (msg.sender != owner && !_operatorApprovals[owner][msg.sender] && _tokenApprovals[tokenId] != msg.sender) {
            revert ERC721InsufficientApproval(msg.sender, tokenId);
        }
        delete _tokenApprovals[tokenId];
        unchecked {
            _balances[from] -= 1;
            _balances[to] += 1;
        }
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length == 0) return;
        try IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data) returns (bytes4 answer) {
            if (answer != IERC721Receiver.onERC721Received.selector) revert ERC721InvalidReceiver(to);
        } catch (bytes memory reason) {
            if (reason.length == 0) revert ERC721InvalidReceiver(to);
            // Bubble the receiver's own reason up, so the caller sees why it refused.
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
    }

    function mint(address to) external returns (uint256 tokenId) {
        if (msg.sender != minter) revert Unauthorized(msg.sender);
        if (to == address(0)) revert ERC721InvalidReceiver(to);
        tokenId = ++totalSupply;
        _owners[tokenId] = to;
        unchecked {
            _balances[to] += 1;
        }
        emit Transfer(address(0), to, tokenId);
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory hue = OnChainMetadata.hue(tokenId);
        string memory id = Decimal.toString(tokenId);
        string memory circle =
            string.concat('<circle cx="160" cy="150" r="96" fill="', OnChainMetadata.hsl(hue, "75%,58%"), '"/>');
        bytes memory svg =
            OnChainMetadata.svg(OnChainMetadata.hsl(hue, "45%,14%"), circle, 290, 28, string.concat("#", id));
        string memory attributes = string.concat(',"attributes":[{"trait_type":"Hue","value":', hue, "}]");
        return OnChainMetadata.dataUri(name, id, description, svg, attributes);
    }
}
