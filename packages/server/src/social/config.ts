import { z } from 'zod'
import {
  PROVIDERS,
  type ProviderEndpoints,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialLoginProvider,
} from './providers.ts'

/** Apple's client secret is a short-lived ES256 JWT signed with a key from the developer account. */
export interface AppleKey {
  /** The 10-character team id (the JWT's issuer). */
  teamId: string
  /** The key's 10-character id (the JWT's `kid`). */
  keyId: string
  /** The `.p8` file's PEM text (PKCS#8). */
  privateKey: string
}

/** One provider turned on: its client, and where it lives when not at the real provider. */
export interface SocialProviderSettings {
  clientId: string
  /** Every provider but Apple. */
  clientSecret?: string | undefined
  /** Apple only: the key its client secrets are signed with. */
  apple?: AppleKey | undefined
  /** The development identity provider and tests point here; production leaves the real endpoints. */
  endpoints?: ProviderEndpoints | undefined
}

/** Telegram login: the bot whose Login Widget the person authorises (BotFather's token). */
export interface TelegramSettings {
  /** `<bot id>:<secret>`: the id is the part before the colon, the whole token keys the data check. */
  botToken: string
  /** Telegram's authorisation page; the development identity provider and tests point elsewhere. */
  authUrl?: string | undefined
  /** How old an answer's `auth_date` may be, in seconds (default 300). */
  maxAgeSeconds?: number | undefined
}

/** What `startServer` takes to offer social login: the providers configured, each optional. */
export type SocialSettings = Partial<Record<SocialLoginProvider, SocialProviderSettings>> & {
  telegram?: TelegramSettings | undefined
}

/** The bot token's variable, read by this name (not only as a schema key). */
const TELEGRAM_BOT_TOKEN = 'TELEGRAM_BOT_TOKEN'
/** BotFather's format: the bot's numeric id, a colon, then the secret part. */
export const TelegramBotToken = z
  .string()
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must be the bot token BotFather gave (<bot id>:<secret>)')

const upper = (provider: SocialLoginProvider) => provider.toUpperCase()
const Text = z.string().min(1).max(4096)
const Id = z.string().regex(/^[\x21-\x7e]{1,512}$/, 'must be the id from the provider console (no spaces)')

/** The `SOCIAL_*` variables, for `portico-server` and `npm start` alike. */
export const SocialEnvironment = z.object({
  ...Object.fromEntries(
    SOCIAL_LOGIN_PROVIDERS.flatMap((provider) => [
      [`SOCIAL_${upper(provider)}_CLIENT_ID`, Id.optional()],
      ...(provider === 'apple' ? [] : [[`SOCIAL_${upper(provider)}_CLIENT_SECRET`, Text.optional()]]),
    ]),
  ),
  SOCIAL_APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character team id')
    .optional(),
  SOCIAL_APPLE_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id')
    .optional(),
  [TELEGRAM_BOT_TOKEN]: TelegramBotToken.optional(),
  // A PEM in one line may carry its line breaks as \n.
  SOCIAL_APPLE_PRIVATE_KEY: z
    .string()
    .transform((pem) => pem.replace(/\\n/g, '\n'))
    .pipe(
      z.string().includes('-----BEGIN PRIVATE KEY-----', { error: 'must be the .p8 key file’s PEM text' }),
    )
    .optional(),
}) as z.ZodType<Record<string, string | undefined>>

/** Each provider whose client id is set, with what it needs; problems name the missing variable. */
export function socialFromEnv(vars: Record<string, string | undefined>): {
  settings: SocialSettings
  problems: string[]
} {
  const settings: SocialSettings = {}
  const problems: string[] = []
  for (const provider of SOCIAL_LOGIN_PROVIDERS) {
    const name = `SOCIAL_${upper(provider)}`
    const clientId = vars[`${name}_CLIENT_ID`]
    const needs = provider === 'apple' ? ['TEAM_ID', 'KEY_ID', 'PRIVATE_KEY'] : ['CLIENT_SECRET']
    const given = needs.filter((suffix) => vars[`${name}_${suffix}`] !== undefined)
    if (!clientId) {
      if (given.length > 0) problems.push(`${name}_CLIENT_ID is required with ${name}_${given[0]}`)
      continue
    }
    const missing = needs.filter((suffix) => !given.includes(suffix))
    if (missing.length > 0) {
      problems.push(
        ...missing.map(
          (suffix) =>
            `${name}_${suffix} is required with ${name}_CLIENT_ID (${PROVIDERS[provider].label} login)`,
        ),
      )
      continue
    }
    settings[provider] =
      provider === 'apple'
        ? {
            clientId,
            apple: {
              teamId: vars.SOCIAL_APPLE_TEAM_ID as string,
              keyId: vars.SOCIAL_APPLE_KEY_ID as string,
              privateKey: vars.SOCIAL_APPLE_PRIVATE_KEY as string,
            },
          }
        : { clientId, clientSecret: vars[`${name}_CLIENT_SECRET`] }
  }
  const botToken = vars[TELEGRAM_BOT_TOKEN]
  if (botToken) settings.telegram = { botToken }
  return { settings, problems }
}

/**
 * The variables for `npm start`: the first problem is thrown as `NAME problem`; an empty variable
 * means unset.
 */
export function socialSettingsFromEnv(env: Record<string, string | undefined>): SocialSettings {
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = SocialEnvironment.safeParse(given)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`${String(issue?.path[0])} ${issue?.message ?? 'invalid'}`)
  }
  const { settings, problems } = socialFromEnv(parsed.data)
  if (problems[0]) throw new Error(problems[0])
  return settings
}
