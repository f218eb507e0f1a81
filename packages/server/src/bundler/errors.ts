/**
 * JSON-RPC error codes of ERC-4337 bundlers (ERC-7769), which viem's bundler client tells apart.
 * The message also carries the EntryPoint's `AAnn` reason when there is one, as bundlers do.
 */
export const BundlerErrorCode = {
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_FIELDS: -32602,
  INTERNAL: -32603,
  /** Refused by the EntryPoint or the account's validation (a revert, a nonce, an unpaid prefund). */
  REJECTED_BY_ACCOUNT: -32500,
  /** Refused by the paymaster's validation, or no sponsorship is given. */
  REJECTED_BY_PAYMASTER: -32501,
  /** Outside the validity window the account or paymaster set. */
  OUT_OF_TIME_RANGE: -32503,
  INVALID_SIGNATURE: -32507,
  /** Too many requests from one session or IP (EIP-1474's limit exceeded): wait, then retry. */
  LIMIT_EXCEEDED: -32005,
  /** The operation's call reverts (estimation). */
  EXECUTION_REVERTED: -32521,
} as const

export class BundlerError extends Error {
  override name = 'BundlerError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    /** Which operation of a handleOps call the EntryPoint refused. */
    readonly opIndex?: number,
  ) {
    super(message)
  }
}

/** What each EntryPoint reason means to the person whose operation was refused. */
const READABLE: Record<string, string> = {
  AA10: 'the account already exists, but the operation carries a factory to deploy it',
  AA13: 'deploying the account failed or ran out of gas',
  AA14: 'the factory deployed an account at another address than the sender',
  AA20: 'the account is not deployed and the operation carries no factory',
  AA21: 'the account cannot pay for gas: it holds too little ETH and the operation is not sponsored',
  AA22: 'the operation expired or is not valid yet',
  AA23: "the account's validation reverted or ran out of gas",
  AA24: 'the signature is not valid for this account',
  AA25: 'the nonce is not the next one of the account (the operation was already used, or is out of order)',
  AA26: 'the verification gas limit is too low',
  AA31: "the paymaster's deposit cannot pay for this operation",
  AA32: "the paymaster's signature expired or is not valid yet",
  AA33: "the paymaster's validation reverted or ran out of gas",
  AA34: "the paymaster's signature is not valid",
  AA36: 'the paymaster verification gas limit is too low',
}

/** A `FailedOp` reason (`AA25 invalid account nonce`) as a JSON-RPC error with its ERC-7769 code. */
export function entryPointRefusal(reason: string, revertData?: unknown, opIndex?: number): BundlerError {
  const code = reason.slice(0, 4)
  const readable = READABLE[code]
  const message = readable ? `${reason}: ${readable}` : reason
  const errorCode =
    code === 'AA22'
      ? BundlerErrorCode.OUT_OF_TIME_RANGE
      : code === 'AA32'
        ? BundlerErrorCode.OUT_OF_TIME_RANGE
        : code === 'AA24'
          ? BundlerErrorCode.INVALID_SIGNATURE
          : code.startsWith('AA3')
            ? BundlerErrorCode.REJECTED_BY_PAYMASTER
            : BundlerErrorCode.REJECTED_BY_ACCOUNT
  return new BundlerError(errorCode, message, revertData === undefined ? undefined : { revertData }, opIndex)
}
