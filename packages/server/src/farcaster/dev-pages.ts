import type { FastifyReply } from 'fastify'
import { escapeHtml, page } from '../onramp/sandbox-pages.ts'
import { DEV_PAGE_PATH } from './config.ts'
import type { DevFarcasterAccount } from './dev-accounts.ts'
import type { ChannelRow } from './tables.ts'

// Every text below that came from a request or a row is escaped: the domain and URI are the
// dapp's, the refusal texts quote the message.
const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`

/** What app asks, and one button per dev account; then a sign-in the services must refuse. */
export function signInPage(
  reply: FastifyReply,
  channel: ChannelRow,
  channelToken: string,
  accounts: readonly DevFarcasterAccount[],
) {
  const details: Array<[string, string]> = [
    ['App', channel.domain],
    ['Sign-in URI', channel.siwe_uri],
    ...(channel.expiration_time
      ? ([['Valid until', channel.expiration_time]] as Array<[string, string]>)
      : []),
  ]
  const list = details.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
  const form = (fields: string, label: string) =>
    `<form method="post" action="${DEV_PAGE_PATH}">${hidden('channelToken', channelToken)}${fields}<button type="submit">${escapeHtml(label)}</button></form>`
  const choices = accounts.map((account) =>
    form(hidden('fid', String(account.fid)), `Sign in as @${account.username} (fid ${account.fid})`),
  )
  const [first, second] = accounts
  const forged =
    first && second
      ? `<p class="muted">To see a refusal: @${escapeHtml(first.username)}'s custody key signs a message for fid ${second.fid}.</p>${form(
          hidden('fid', String(first.fid)) + hidden('forFid', String(second.fid)),
          `Sign as @${first.username} for fid ${second.fid}`,
        )}`
      : ''
  return page(
    reply,
    'Sign in with Farcaster',
    `<p>This page stands in for the Farcaster app (development only). An app asks you to sign in:</p><dl>${list.join('')}</dl><p class="muted">Choose a development account: its custody key signs the message the Farcaster app would sign.</p>${choices.join('')}${forged}`,
  )
}

export function signedPage(reply: FastifyReply, account: DevFarcasterAccount) {
  return page(
    reply,
    'Signed in',
    `<p role="status">Signed in as @${escapeHtml(account.username)} (fid ${account.fid}). Go back to the app: it continues by itself.</p>`,
  )
}

export function refusedPage(reply: FastifyReply, reason: string) {
  return page(
    reply,
    'Sign-in refused',
    `<p role="alert">${escapeHtml(reason)}</p><p>Nothing was signed in. Start the sign-in again from the app.</p>`,
  )
}
