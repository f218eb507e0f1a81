import { porticoAccountFactoryAbi } from '@portico/core/shared'
import type { Kysely } from 'kysely'
import { type Address, isAddressEqual, type LocalAccount, type PublicClient, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Tables } from '../db/tables.ts'
import { ipRateLimit } from '../http/ip-rate-limit.ts'
import { type BundlerConfig, SPONSOR_DEFAULTS, type SponsorshipSettings } from './config.ts'
import { BundlerError, BundlerErrorCode } from './errors.ts'
import {
  maxCost,
  PAYMASTER_POST_OP_GAS,
  PAYMASTER_VERIFICATION_GAS,
  paymasterData,
  signPaymasterData,
} from './paymaster.ts'
import { refuseOutsidePolicy } from './sponsor-policy.ts'
import { checkSponsorship, reserveSponsorship } from './sponsorship.ts'
import { readEntryPoint, readUserOp, type UserOp } from './user-operation.ts'

/**
 * Who asks: a page through `/v1/bundler` (known by its IP), or the secure frame of a signed-in
 * wallet user (known by the session, and by the key that owns their smart account once set up).
 */
export type BundlerCaller =
  | { kind: 'page'; ip: string }
  | {
      kind: 'session'
      session: string
      owner: Address | undefined
      /** The account a rotated key owns (setOwner): the factory derives it from its first owner only. */
      account?: Address | undefined
    }

/** Each user's smart account is our factory's account for their key at this salt (as the frame's). */
const ACCOUNT_SALT = 0n

/**
 * ERC-7677: what viem's paymaster client asks for, signed for PorticoPaymaster within the limits,
 * only for a signed-in user's own smart account (or calls the operator sponsors for anyone), a
 * bounded number of times a minute, and up to a maximum cost per operation.
 */
export function sponsorMethods(
  db: Kysely<Tables>,
  client: PublicClient,
  config: BundlerConfig,
  settings: SponsorshipSettings,
  now: () => Date,
) {
  const signer: LocalAccount = privateKeyToAccount(settings.signerKey)
  const maxWei = settings.maxWeiPerOperation ?? SPONSOR_DEFAULTS.maxWeiPerOperation
  const validSeconds = settings.validSeconds ?? SPONSOR_DEFAULTS.validSeconds
  const perMinute = settings.requestsPerMinute ?? SPONSOR_DEFAULTS.requestsPerMinute
  const requests = ipRateLimit({ max: perMinute, windowMs: 60_000 }, () => now().getTime())
  const accounts = new Map<string, Address>()
  const limitsOf = (projectId: string) => settings.projects?.[projectId] ?? settings.limits

  /** The counterfactual address of `owner`'s account: the factory's answer never changes. */
  const accountOf = async (owner: Address, factory: Address): Promise<Address> => {
    const known = accounts.get(owner.toLowerCase())
    if (known) return known
    const address = await client.readContract({
      address: factory,
      abi: porticoAccountFactoryAbi,
      functionName: 'getAddress',
      args: [owner, ACCOUNT_SALT],
    })
    if (accounts.size >= 100_000) accounts.clear()
    accounts.set(owner.toLowerCase(), address)
    return address
  }

  const read = async (params: unknown, caller: BundlerCaller, stage: 'stub' | 'data'): Promise<UserOp> => {
    const key = caller.kind === 'page' ? `ip:${caller.ip}` : `session:${caller.session}`
    if (!requests.take(key))
      throw new BundlerError(
        BundlerErrorCode.LIMIT_EXCEEDED,
        `Too many paymaster requests (${perMinute} a minute): wait a minute and try again, or send without a paymaster`,
        { retryAfterSeconds: 60 },
      )
    readEntryPoint(params, 1, config.entryPoint)
    const chainId = Array.isArray(params) ? params[2] : undefined
    if (typeof chainId !== 'string' || Number(chainId) !== config.chainId)
      throw new BundlerError(BundlerErrorCode.INVALID_FIELDS, `chainId must be ${toHex(config.chainId)}`)
    const op: UserOp = {
      ...readUserOp(params, 0, true),
      paymaster: settings.paymaster,
      paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
      paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS,
    }
    if (caller.kind === 'page') refuseOutsidePolicy(op, settings.publicCalls, config.accountFactory, stage)
    else await refuseForeignSender(op, caller.owner, caller.account)
    if (maxCost(op) > maxWei)
      throw new BundlerError(
        BundlerErrorCode.REJECTED_BY_PAYMASTER,
        `The operation may cost up to ${maxCost(op)} wei, more than the ${maxWei} wei sponsored per operation: lower its gas limits or fees, or send without a paymaster`,
        { reason: 'OPERATION_COST' },
      )
    return op
  }
  const refuseForeignSender = async (
    op: UserOp,
    owner: Address | undefined,
    account: Address | undefined,
  ) => {
    const factory = config.accountFactory
    const own = account ?? (owner && factory ? await accountOf(owner, factory) : undefined)
    if (!own || !isAddressEqual(own, op.sender))
      throw new BundlerError(
        BundlerErrorCode.REJECTED_BY_PAYMASTER,
        'Gas sponsorship covers only your own smart account: send from it, or without a paymaster',
        { reason: 'NOT_SPONSORED' },
      )
  }
  const window = () => {
    const seconds = Math.floor(now().getTime() / 1000)
    return { validAfter: 0, validUntil: seconds + validSeconds }
  }
  const counted = (projectId: string, op: UserOp) => ({
    projectId,
    sender: op.sender,
    nonce: op.nonce,
    limits: limitsOf(projectId),
    now: now(),
  })
  return {
    async stub(params: unknown, projectId: string, caller: BundlerCaller) {
      const op = await read(params, caller, 'stub')
      await checkSponsorship(db, counted(projectId, op))
      const { validUntil, validAfter } = window()
      return {
        paymaster: settings.paymaster,
        paymasterData: paymasterData(validUntil, validAfter),
        paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS),
        paymasterPostOpGasLimit: toHex(PAYMASTER_POST_OP_GAS),
        sponsor: { name: 'Portico' },
        isFinal: false,
      }
    },
    async data(params: unknown, projectId: string, caller: BundlerCaller) {
      const op = await read(params, caller, 'data')
      const context = { paymaster: settings.paymaster, chainId: config.chainId, ...window() }
      await reserveSponsorship(db, {
        ...counted(projectId, op),
        wei: maxCost(op),
        validUntil: context.validUntil,
      })
      return {
        paymaster: settings.paymaster,
        paymasterData: await signPaymasterData(signer, op, context),
        // The limits the signature covers, which the operation must then carry.
        paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS),
        paymasterPostOpGasLimit: toHex(PAYMASTER_POST_OP_GAS),
      }
    },
  }
}
