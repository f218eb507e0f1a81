import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import type { ServerMode } from '../server-mode.ts'
import { toFixedPoint } from './money.ts'
import { RATE_DECIMALS } from './quote.ts'

/**
 * A fixed EUR per USD rate, used until the operator sets one (`ONRAMP_EUR_PER_USD`). It is not a
 * live rate: an operator who quotes in EUR should keep it near the market.
 */
const DEFAULT_EUR_PER_USD = '0.92'

/** What `startServer` takes to offer the on-ramp; each provider is offered only when configured. */
export interface OnrampSettings {
  /** Coinbase Onramp: the project id of the operator's Coinbase Developer Platform project. */
  coinbase?: { appId: string } | undefined
  /** Meld: the operator's public key from Meld's dashboard. */
  meld?: { publicKey: string } | undefined
  /** EUR per USD as a decimal, e.g. "0.92" (DEFAULT_EUR_PER_USD). */
  eurPerUsd?: string | undefined
  /**
   * Development only: a checkout on the services that takes a test card and really pays the
   * quoted amount on the chain from this key's account. `startServer` refuses it in production.
   */
  sandbox?: { payerKey: Hex } | undefined
}

/** What `buildServer` takes: the settings checked, and where the sandbox's checkout lives. */
export interface OnrampOptions extends Omit<OnrampSettings, 'eurPerUsd' | 'sandbox'> {
  /** EUR per USD, RATE_DECIMALS decimals. */
  eurPerUsd: bigint
  /**
   * The sandbox's payer, and the services' public origin: the base of its checkout links and
   * the one origin its form is accepted from.
   */
  sandbox?: { payerKey: Hex; publicUrl: URL } | undefined
}

const AppId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be the project id of your Coinbase Developer Platform project')
const PublicKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,512}$/, 'must be the public key from your Meld dashboard (no spaces)')
const EurPerUsd = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,6})?$/, {
    error: 'must be a decimal such as 0.92 (at most 6 decimals)',
    abort: true,
  })
  .refine((value) => Number(value) > 0, 'must be more than 0')

/** The `ONRAMP_*` variables, for `portico-server` and `npm start` alike. */
export const OnrampEnvironment = z.object({
  ONRAMP_COINBASE_APP_ID: AppId.optional(),
  ONRAMP_MELD_PUBLIC_KEY: PublicKey.optional(),
  ONRAMP_EUR_PER_USD: EurPerUsd.optional(),
})

/** The providers the variables turn on; undefined when they turn on none (`portico-server`). */
export function onrampFromEnv(vars: z.output<typeof OnrampEnvironment>): OnrampSettings | undefined {
  if (!vars.ONRAMP_COINBASE_APP_ID && !vars.ONRAMP_MELD_PUBLIC_KEY) return undefined
  return settingsOf(vars)
}

/**
 * The variables for `npm start`, where the sandbox is on anyway: the first problem is thrown as
 * `NAME problem`; an empty variable means unset.
 */
export function onrampSettingsFromEnv(env: Record<string, string | undefined>): OnrampSettings {
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = OnrampEnvironment.safeParse(given)
  if (parsed.success) return settingsOf(parsed.data)
  const issue = parsed.error.issues[0]
  throw new Error(`${String(issue?.path[0])} ${issue?.message ?? 'invalid'}`)
}

const settingsOf = (vars: z.output<typeof OnrampEnvironment>): OnrampSettings => ({
  ...(vars.ONRAMP_COINBASE_APP_ID ? { coinbase: { appId: vars.ONRAMP_COINBASE_APP_ID } } : {}),
  ...(vars.ONRAMP_MELD_PUBLIC_KEY ? { meld: { publicKey: vars.ONRAMP_MELD_PUBLIC_KEY } } : {}),
  ...(vars.ONRAMP_EUR_PER_USD ? { eurPerUsd: vars.ONRAMP_EUR_PER_USD } : {}),
})

/**
 * The settings checked before anything opens: a rate that is no decimal, a payer key that is no
 * key, or a sandbox outside development stop the start with one line.
 */
export function prepareOnramp(
  settings: OnrampSettings,
  context: { mode: ServerMode; publicUrl: URL | undefined },
): OnrampOptions {
  const rate = checked(EurPerUsd, settings.eurPerUsd ?? DEFAULT_EUR_PER_USD, 'onramp.eurPerUsd')
  if (settings.coinbase) checked(AppId, settings.coinbase.appId, 'onramp.coinbase.appId')
  if (settings.meld) checked(PublicKey, settings.meld.publicKey, 'onramp.meld.publicKey')
  const { sandbox } = settings
  const { publicUrl } = context
  if (sandbox) {
    // Development always has a public URL: its own.
    if (context.mode !== 'development' || !publicUrl)
      throw new Error('The on-ramp sandbox pays from a key of the server: it runs in development only')
    try {
      privateKeyToAccount(sandbox.payerKey)
    } catch {
      throw new Error('onramp.sandbox.payerKey must be a private key (0x and 64 hex digits)')
    }
  }
  return {
    coinbase: settings.coinbase,
    meld: settings.meld,
    ...(sandbox && publicUrl ? { sandbox: { payerKey: sandbox.payerKey, publicUrl } } : {}),
    // The pattern above admits only decimals, which always convert.
    eurPerUsd: toFixedPoint(rate, RATE_DECIMALS) as bigint,
  }
}

function checked<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const result = schema.safeParse(value)
  if (!result.success) throw new Error(`${name} ${result.error.issues[0]?.message ?? 'is not valid'}`)
  return result.data
}
