import type { ServerMode } from '../../server-mode.ts'
import { TelegramBotToken, type TelegramSettings } from '../config.ts'

/** Telegram's page where the person authorises the bot to tell the services who they are. */
const TELEGRAM_AUTH_URL = 'https://oauth.telegram.org/auth'
/** An answer older than this is refused (its `auth_date`), unless the settings say otherwise. */
const DEFAULT_MAX_AGE_S = 300
/** Where Telegram sends the person back: the state of the attempt rides in its query. */
export const TELEGRAM_CALLBACK_PATH = '/v1/auth/social/telegram/callback'

export interface TelegramLogin {
  botToken: string
  /** The token's part before the colon: what the authorisation page is asked for. */
  botId: string
  authUrl: URL
  maxAgeSeconds: number
  /** `PUBLIC_URL` + TELEGRAM_CALLBACK_PATH; its origin is the bot's domain (BotFather's /setdomain). */
  returnUrl: URL
}

/** Checks the bot's settings before anything opens. */
export function telegramLoginOf(
  settings: TelegramSettings,
  context: { mode: ServerMode; publicUrl: URL },
): TelegramLogin {
  const botToken = TelegramBotToken.safeParse(settings.botToken)
  if (!botToken.success) throw new Error('social.telegram.botToken must be the token BotFather gave')
  const authUrl = new URL(settings.authUrl ?? TELEGRAM_AUTH_URL)
  // Only the development identity provider speaks plain HTTP.
  if (authUrl.protocol !== 'https:' && context.mode !== 'development')
    throw new Error('social.telegram: the authorisation page must be an https:// URL')
  const maxAgeSeconds = settings.maxAgeSeconds ?? DEFAULT_MAX_AGE_S
  if (!Number.isInteger(maxAgeSeconds) || maxAgeSeconds < 1 || maxAgeSeconds > 86_400)
    throw new Error('social.telegram.maxAgeSeconds must be a whole number of seconds, at most a day')
  return {
    botToken: botToken.data,
    botId: botToken.data.slice(0, botToken.data.indexOf(':')),
    authUrl,
    maxAgeSeconds,
    returnUrl: new URL(TELEGRAM_CALLBACK_PATH, context.publicUrl),
  }
}
