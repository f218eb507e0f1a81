import type { ServerMode } from '../server-mode.ts'
import type { SocialSettings } from './config.ts'
import { createRelyingParty, type RelyingParty } from './relying-party.ts'
import { type TelegramLogin, telegramLoginOf } from './telegram/login.ts'

/** The path every provider sends its answer to: registered in each provider's console. */
export const CALLBACK_PATH = '/v1/auth/social/callback'

/** How long one poll waits for the popup's login before answering `pending` (under the frame's 30 s). */
const POLL_WAIT_MS = 15_000

export interface SocialServices {
  relyingParty: RelyingParty
  /** `PUBLIC_URL` + CALLBACK_PATH: fixed per deployment, never taken from a request. */
  callbackUrl: URL
  /** See POLL_WAIT_MS; the tests shorten it to see `pending` without waiting. */
  pollWaitMs: number
  /** Telegram login, when its bot is configured. */
  telegram?: TelegramLogin | undefined
}

/** Checks the providers' settings (endpoints, secrets, Apple's key) before anything opens. */
export async function prepareSocial(
  settings: SocialSettings,
  context: { mode: ServerMode; publicUrl: URL; pollWaitMs?: number | undefined },
): Promise<SocialServices> {
  const callbackUrl = new URL(CALLBACK_PATH, context.publicUrl)
  return {
    relyingParty: await createRelyingParty(settings, { mode: context.mode, callbackUrl }),
    callbackUrl,
    pollWaitMs: context.pollWaitMs ?? POLL_WAIT_MS,
    telegram: settings.telegram && telegramLoginOf(settings.telegram, context),
  }
}
