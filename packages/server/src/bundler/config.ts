import { readFile } from 'node:fs/promises'
import { type Address, getAddress, type Hex, parseEther } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import { parseSponsoredCalls, type SponsoredCall } from './sponsor-policy.ts'
import type { SponsorLimits } from './sponsorship.ts'

/** What `startServer` takes to run the bundler (`POST /v1/bundler`) for one chain. */
export interface BundlerSettings {
  chainId: number
  rpcUrl: string
  /** EntryPoint v0.8; its canonical address by default. */
  entryPoint?: Address | undefined
  /** The operator's key: it signs and pays for the handleOps transactions and is refunded by them. */
  operatorKey: Hex
  /**
   * EntryPointSimulations' runtime code (`@account-abstraction/contracts@0.8.0`, GPL-3.0, so not part
   * of the services): the code itself, or the path of its artifact JSON (`BUNDLER_SIMULATIONS_ARTIFACT`).
   */
  simulations: { code: Hex } | { artifactPath: string }
  /** The PorticoAccountFactory of this chain, which the embedded wallet's smart accounts come from. */
  accountFactory?: Address | undefined
  /** Gas sponsorship through a PorticoPaymaster; absent, `pm_*` refuses and users pay their gas. */
  sponsorship?: SponsorshipSettings | undefined
}

export interface SponsorshipSettings {
  paymaster: Address
  /** The key the paymaster trusts (its `signer`). */
  signerKey: Hex
  /** Every project's limits, unless `projects` names its own. */
  limits: SponsorLimits
  projects?: Record<string, SponsorLimits> | undefined
  /** The most one sponsored operation may cost (every gas limit at its maximum fee); 0.01 ETH by default. */
  maxWeiPerOperation?: bigint | undefined
  /** How long a paymaster signature is valid, and its maximum cost reserved; 600 by default. */
  validSeconds?: number | undefined
  /** Paymaster requests per minute per session (or per IP on `/v1/bundler`); 30 by default. */
  requestsPerMinute?: number | undefined
  /**
   * Calls sponsored for any account through `/v1/bundler`, without a session. Absent, the paymaster
   * answers only signed-in wallet users, for their own smart account.
   */
  publicCalls?: readonly SponsoredCall[] | undefined
}

/** The defaults of the per-request sponsorship settings. */
export const SPONSOR_DEFAULTS = {
  maxWeiPerOperation: parseEther('0.01'),
  validSeconds: 600,
  requestsPerMinute: 30,
} as const

/** The defaults of `SPONSOR_LIMIT_*`: a few operations a day per account, 0.1 ETH a day per project. */
export const DEFAULT_SPONSOR_LIMITS: SponsorLimits = {
  operationsPerSenderPerDay: 10,
  weiPerDay: parseEther('0.1'),
}

const key = z
  .string()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a private key: 64 hex characters')
  .transform((value) => `0x${value.replace(/^0x/, '')}` as Hex)
  .refine((value) => {
    try {
      privateKeyToAccount(value)
      return true
    } catch {
      return false
    }
  }, 'must be a private key (not zero, below the secp256k1 order)')
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits')
  .transform((value) => getAddress(value))
const count = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number')
  .transform(Number)
const wei = z
  .string()
  .regex(/^\d{1,30}$/, 'must be a whole number of wei, e.g. 100000000000000000 for 0.1 ETH')
  .transform(BigInt)

/** `{"<projectId>": {"operationsPerAccountPerDay": 5, "weiPerDay": "…"}}`: a project's own limits. */
const projectLimits = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      context.issues.push({ code: 'custom', input: text, message: 'must be JSON' })
      return z.NEVER
    }
  })
  .pipe(
    z.record(
      z.string().regex(/^[0-9a-f]{32}$/),
      z.strictObject({
        operationsPerAccountPerDay: z.number().int().min(0).max(1e9).optional(),
        weiPerDay: z
          .string()
          .regex(/^\d{1,30}$/, 'must be a whole number of wei as a string')
          .optional(),
      }),
      {
        error: (issue) =>
          issue.code === 'invalid_type'
            ? 'must be a JSON object of project ids to limits'
            : issue.code === 'invalid_key'
              ? 'must name projects by their 32-hex-digit id'
              : undefined,
      },
    ),
  )

/** The bundler's variables, for `portico-server` and `npm start` alike. */
export const BundlerEnvironment = z.object({
  BUNDLER_KEY: key.optional(),
  BUNDLER_SIMULATIONS_ARTIFACT: z.string().min(1).optional(),
  ENTRY_POINT: address.optional(),
  ACCOUNT_FACTORY: address.optional(),
  PAYMASTER_ADDRESS: address.optional(),
  PAYMASTER_SIGNER_KEY: key.optional(),
  SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY: count.optional(),
  SPONSOR_LIMIT_WEI_PER_DAY: wei.optional(),
  SPONSOR_PROJECT_LIMITS: projectLimits.optional(),
  SPONSOR_MAX_WEI_PER_OPERATION: wei.optional(),
  SPONSOR_SIGNATURE_VALID_SECONDS: count.optional(),
  SPONSOR_REQUESTS_PER_MINUTE: count.optional(),
  SPONSOR_PUBLIC_CALLS: z
    .string()
    .transform((text, context) => {
      try {
        return parseSponsoredCalls(text)
      } catch (error) {
        context.issues.push({ code: 'custom', input: text, message: (error as Error).message })
        return z.NEVER
      }
    })
    .optional(),
})
type BundlerVars = z.output<typeof BundlerEnvironment>

type SponsorLimitSettings = Pick<
  SponsorshipSettings,
  'limits' | 'projects' | 'maxWeiPerOperation' | 'validSeconds' | 'requestsPerMinute' | 'publicCalls'
>

/** Every project's limits and the projects' own, each value falling back to the default. */
function sponsorLimitsOf(vars: BundlerVars): SponsorLimitSettings {
  const limits: SponsorLimits = {
    operationsPerSenderPerDay:
      vars.SPONSOR_LIMIT_OPS_PER_ACCOUNT_PER_DAY ?? DEFAULT_SPONSOR_LIMITS.operationsPerSenderPerDay,
    weiPerDay: vars.SPONSOR_LIMIT_WEI_PER_DAY ?? DEFAULT_SPONSOR_LIMITS.weiPerDay,
  }
  const perRequest = {
    ...(vars.SPONSOR_MAX_WEI_PER_OPERATION === undefined
      ? {}
      : { maxWeiPerOperation: vars.SPONSOR_MAX_WEI_PER_OPERATION }),
    ...(vars.SPONSOR_SIGNATURE_VALID_SECONDS === undefined
      ? {}
      : { validSeconds: vars.SPONSOR_SIGNATURE_VALID_SECONDS }),
    ...(vars.SPONSOR_REQUESTS_PER_MINUTE === undefined
      ? {}
      : { requestsPerMinute: vars.SPONSOR_REQUESTS_PER_MINUTE }),
    ...(vars.SPONSOR_PUBLIC_CALLS === undefined ? {} : { publicCalls: vars.SPONSOR_PUBLIC_CALLS }),
  }
  const own = Object.entries(vars.SPONSOR_PROJECT_LIMITS ?? {})
  if (own.length === 0) return { limits, ...perRequest }
  const projects = Object.fromEntries(
    own.map(([id, project]) => [
      id,
      {
        operationsPerSenderPerDay: project.operationsPerAccountPerDay ?? limits.operationsPerSenderPerDay,
        weiPerDay: project.weiPerDay === undefined ? limits.weiPerDay : BigInt(project.weiPerDay),
      },
    ]),
  )
  return { limits, projects, ...perRequest }
}

/** What depends on other variables: named together with the format problems. */
export function bundlerRequirements(given: Record<string, string | undefined>): string[] {
  const problems: string[] = []
  const on = given.BUNDLER_KEY !== undefined
  if (on && !given.BUNDLER_SIMULATIONS_ARTIFACT)
    problems.push(
      'BUNDLER_SIMULATIONS_ARTIFACT is required with BUNDLER_KEY: the path of EntryPointSimulations.json from @account-abstraction/contracts@0.8.0',
    )
  if (!on) {
    for (const name of [
      'BUNDLER_SIMULATIONS_ARTIFACT',
      'PAYMASTER_ADDRESS',
      'PAYMASTER_SIGNER_KEY',
      'ACCOUNT_FACTORY',
    ])
      if (given[name] !== undefined)
        problems.push(`${name} has no use without BUNDLER_KEY, which turns the bundler on`)
  }
  if ((given.PAYMASTER_ADDRESS === undefined) !== (given.PAYMASTER_SIGNER_KEY === undefined))
    problems.push(
      'PAYMASTER_ADDRESS and PAYMASTER_SIGNER_KEY go together: the paymaster and the key it trusts',
    )
  if (
    given.BUNDLER_KEY &&
    given.PAYMASTER_SIGNER_KEY &&
    sameKey(given.BUNDLER_KEY, given.PAYMASTER_SIGNER_KEY)
  )
    problems.push(
      'PAYMASTER_SIGNER_KEY must differ from BUNDLER_KEY: one pays for bundles, the other signs sponsorships',
    )
  return problems
}

const sameKey = (a: string, b: string) =>
  a.replace(/^0x/, '').toLowerCase() === b.replace(/^0x/, '').toLowerCase()

/** The bundler the variables turn on for the chain, or undefined without `BUNDLER_KEY`. */
export function bundlerFromEnv(
  vars: BundlerVars,
  chain: { chainId: number; rpcUrl: string },
): BundlerSettings | undefined {
  if (!vars.BUNDLER_KEY || !vars.BUNDLER_SIMULATIONS_ARTIFACT) return undefined
  return {
    ...chain,
    operatorKey: vars.BUNDLER_KEY,
    simulations: { artifactPath: vars.BUNDLER_SIMULATIONS_ARTIFACT },
    ...(vars.ENTRY_POINT ? { entryPoint: vars.ENTRY_POINT } : {}),
    ...(vars.ACCOUNT_FACTORY ? { accountFactory: vars.ACCOUNT_FACTORY } : {}),
    ...(vars.PAYMASTER_ADDRESS && vars.PAYMASTER_SIGNER_KEY
      ? {
          sponsorship: {
            paymaster: vars.PAYMASTER_ADDRESS,
            signerKey: vars.PAYMASTER_SIGNER_KEY,
            ...sponsorLimitsOf(vars),
          },
        }
      : {}),
  }
}

/** For `npm start`: the limits from `SPONSOR_*`, the first problem thrown as `NAME problem`. */
export function sponsorLimitsFromEnv(env: Record<string, string | undefined>): SponsorLimitSettings {
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = BundlerEnvironment.safeParse(given)
  if (parsed.success) return sponsorLimitsOf(parsed.data)
  const issue = parsed.error.issues[0]
  throw new Error(`${String(issue?.path[0])} ${issue?.message ?? 'invalid'}`)
}

/** The settings checked and the simulation code read, before anything opens. */
export interface BundlerConfig {
  chainId: number
  rpcUrl: string
  entryPoint: Address
  operatorKey: Hex
  simulationsCode: Hex
  accountFactory: Address | undefined
  sponsorship: SponsorshipSettings | undefined
}

export async function prepareBundler(settings: BundlerSettings): Promise<BundlerConfig> {
  const operator = key.safeParse(settings.operatorKey)
  if (!operator.success) throw new Error(`bundler.operatorKey ${operator.error.issues[0]?.message}`)
  if (settings.sponsorship && !key.safeParse(settings.sponsorship.signerKey).success)
    throw new Error('bundler.sponsorship.signerKey must be a private key (0x and 64 hex digits)')
  return {
    chainId: settings.chainId,
    rpcUrl: settings.rpcUrl,
    entryPoint: settings.entryPoint ?? entryPoint08Address,
    operatorKey: operator.data,
    simulationsCode:
      'code' in settings.simulations
        ? settings.simulations.code
        : await readSimulationsCode(settings.simulations.artifactPath),
    accountFactory: settings.accountFactory,
    sponsorship: settings.sponsorship,
  }
}

async function readSimulationsCode(path: string): Promise<Hex> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`BUNDLER_SIMULATIONS_ARTIFACT: cannot read ${path} (${error.code ?? error.message})`)
  })
  let code: unknown
  try {
    code = (JSON.parse(text) as { deployedBytecode?: unknown }).deployedBytecode
  } catch {
    code = undefined
  }
  if (typeof code !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(code))
    throw new Error(`BUNDLER_SIMULATIONS_ARTIFACT: ${path} is not a compiled contract with deployedBytecode`)
  return code as Hex
}
