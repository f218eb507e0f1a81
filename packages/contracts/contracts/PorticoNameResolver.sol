// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The question the resolver sends to the gateway (EIP-3668 `callData`): either the name and the
/// resolver call an ENS client asked for, or an address and the coin type whose primary name it wants.
interface IPorticoNameGateway {
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory);
    function reverse(bytes calldata lookupAddress, uint256 coinType) external view returns (string memory);
}

/// @notice Makes Portico account names answer standard ENS calls on this chain. It takes the place
/// of the Universal Resolver a client is pointed at (viem: `chain.contracts.ensUniversalResolver`):
/// both of its entry points send the client to the operator's gateway (EIP-3668 OffchainLookup),
/// and an answer is taken only when the gateway's key signed it for this resolver, for this very
/// question, and it has not expired.
contract PorticoNameResolver {
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    error Unauthorized(address account);
    error InvalidSigner();
    error AnswerExpired(uint64 expires);
    error InvalidSignature();

    event GatewayChanged(string[] urls, address signer);

    address public immutable owner;
    /// The key the gateway signs its answers with.
    address public signer;
    string[] private _urls;

    constructor(string[] memory urls_, address signer_) {
        owner = msg.sender;
        _setGateway(urls_, signer_);
    }

    function urls() external view returns (string[] memory) {
        return _urls;
    }

    /// The operator moves the gateway or rotates its key; answers signed by the old key stop counting.
    function setGateway(string[] calldata urls_, address signer_) external {
        if (msg.sender != owner) revert Unauthorized(msg.sender);
        _setGateway(urls_, signer_);
    }

    /// The clients' `gateways` are batch gateways for resolvers they reach through the Universal
    /// Resolver; this one names its own gateway, so they are not used.
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        bytes memory question = abi.encodeCall(IPorticoNameGateway.resolve, (name, data));
        revert OffchainLookup(address(this), _urls, question, this.resolveCallback.selector, question);
    }

    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory, address, address)
    {
        bytes memory question = abi.encodeCall(IPorticoNameGateway.reverse, (lookupAddress, coinType));
        revert OffchainLookup(address(this), _urls, question, this.reverseCallback.selector, question);
    }

    /// The resolver's answer as `resolveWithGateways` returns it: the encoded result of the call
    /// asked for (empty when the name or record does not exist) and the resolver that gave it.
    function resolveCallback(bytes calldata response, bytes calldata question)
        external
        view
        returns (bytes memory, address)
    {
        return (_signedResult(response, question), address(this));
    }

    /// The primary name (empty when the address has none), and this contract as both resolvers.
    function reverseCallback(bytes calldata response, bytes calldata question)
        external
        view
        returns (string memory, address, address)
    {
        string memory name = abi.decode(_signedResult(response, question), (string));
        return (name, address(this), address(this));
    }

    /// The gateway answers `abi.encode(bytes result, uint64 expires, bytes signature)`, signed as
    /// EIP-191 data with an intended validator (version 0x00): this resolver, then the expiry and
    /// the hashes of the question and the result.
    function _signedResult(bytes calldata response, bytes calldata question) private view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory signature) = abi.decode(response, (bytes, uint64, bytes));
        if (expires < block.timestamp) revert AnswerExpired(expires);
        bytes32 digest = keccak256(
            abi.encodePacked(hex"1900", address(this), expires, keccak256(question), keccak256(result))
        );
        if (_recover(digest, signature) != signer) revert InvalidSignature();
        return result;
    }

    function _recover(bytes32 digest, bytes memory signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 32))
            s := mload(add(signature, 64))
            v := byte(0, mload(add(signature, 96)))
        }
        // Only the lower half of s, as Ethereum transactions: one valid signature per answer.
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        return ecrecover(digest, v, r, s);
    }

    function _setGateway(string[] memory urls_, address signer_) private {
        // ecrecover answers the zero address for a broken signature; it must never be the signer.
        if (signer_ == address(0)) revert InvalidSigner();
        _urls = urls_;
        signer = signer_;
        emit GatewayChanged(urls_, signer_);
    }
}
