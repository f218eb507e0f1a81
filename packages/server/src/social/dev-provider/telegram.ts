import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { telegramHash } from '../telegram/data-check.ts'
import { DEV_USERS, providerIdOf } from './dev-users.ts'
import { pickerPage } from './picker.ts'

/** The development bot: its id is the token's part before the colon, as BotFather's tokens have it. */
const DEV_BOT_ID = '1000000001'

export interface DevTelegram {
  botToken: string
  /** `/telegram/auth…`; answers false for any other path. */
  answer(url: URL, req: IncomingMessage, res: ServerResponse, body: () => Promise<string>): Promise<boolean>
}

/**
 * Telegram's authorisation page, played for development and the tests: `/telegram/auth?bot_id&
 * origin&return_to` shows the account picker, and a pick goes back to `return_to` with
 * `#tgAuthResult=` — the dev user's fields signed with the dev bot token as Telegram signs them,
 * so the services' real data check runs. As Telegram does, it serves only its bot, and only a
 * return address on the bot's domain (`origin`). Cancel comes back without an answer.
 */
export function devTelegram(): DevTelegram {
  const botToken = `${DEV_BOT_ID}:${randomBytes(24).toString('base64url')}`
  return {
    botToken,
    async answer(url, req, res, body) {
      const step = /^\/telegram\/(auth|login|abort)$/.exec(url.pathname)?.[1]
      if (!step) return false
      const returnTo = urlOf(url.searchParams.get('return_to'))
      if (url.searchParams.get('bot_id') !== DEV_BOT_ID) return refuse(res, 'Bot not found')
      if (!returnTo || returnTo.origin !== url.searchParams.get('origin'))
        return refuse(res, 'Bot domain invalid')
      const action = (what: string) => `/telegram/${what}${url.search}`
      if (step === 'auth') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        res.end(pickerPage(action, 'Telegram'))
        return true
      }
      if (req.method !== 'POST') return refuse(res, 'Use the buttons', 405)
      const account = new URLSearchParams(await body()).get('account')
      const user = DEV_USERS.find((candidate) => candidate.id === account)
      if (step === 'login' && !user) return refuse(res, 'unknown account')
      const back = new URL(returnTo)
      back.hash = `tgAuthResult=${user && step === 'login' ? Buffer.from(JSON.stringify(signedFields(user, botToken))).toString('base64url') : 'false'}`
      res.writeHead(302, { location: back.href, 'cache-control': 'no-store' }).end()
      return true
    },
  }
}

/** The Login Widget's fields for a dev user, numbers as numbers, as Telegram's JSON has them. */
function signedFields(user: (typeof DEV_USERS)[number], botToken: string) {
  const [firstName = user.name, ...rest] = user.name.split(' ')
  const fields = {
    id: providerIdOf('telegram', user),
    first_name: firstName,
    ...(rest.length > 0 ? { last_name: rest.join(' ') } : {}),
    username: user.handle,
    photo_url: `https://t.me/i/userpic/320/${user.handle}.jpg`,
    auth_date: String(Math.floor(Date.now() / 1000)),
  }
  return {
    ...fields,
    id: Number(fields.id),
    auth_date: Number(fields.auth_date),
    hash: telegramHash(fields, botToken),
  }
}

function urlOf(text: string | null): URL | undefined {
  try {
    return new URL(text ?? '')
  } catch {
    return undefined
  }
}

function refuse(res: ServerResponse, message: string, status = 400): true {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message)
  return true
}
