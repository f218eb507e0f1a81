import { expect } from 'vitest'

interface DevMail {
  id: number
  to: string[]
  subject: string
  text: string
}

/**
 * The services' dev mailbox, read over HTTP: what the in-process SMTP server received. Mail gets
 * there over real SMTP, exactly as it would leave for a real mail server.
 */
export async function mailFor(servicesUrl: string, email: string, after = 0): Promise<DevMail> {
  let found: DevMail | undefined
  await poll(
    async () => {
      const response = await fetch(`${servicesUrl}/dev/mailbox.json`)
      const { messages } = (await response.json()) as { messages: DevMail[] }
      found = messages.filter((mail) => mail.to.includes(email) && mail.id > after).at(-1)
      return found !== undefined
    },
    { timeout: 15_000 },
  ).toBe(true)
  return found as DevMail
}

export function codeIn(mail: DevMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  if (!code) throw new Error(`No code in mail "${mail.subject}"`)
  return code
}

export async function lastMailId(servicesUrl: string): Promise<number> {
  const { messages } = (await (await fetch(`${servicesUrl}/dev/mailbox.json`)).json()) as {
    messages: DevMail[]
  }
  return messages.at(-1)?.id ?? 0
}

/**
 * `expect.poll` with a 10 s default: these steps wait for the frame, SMTP and the chain, which on a
 * busy two-core machine can take longer than vitest's 1 s default.
 */
export const poll: typeof expect.poll = (callback, options) =>
  expect.poll(callback, {
    timeout: 10_000,
    ...(typeof options === 'number' ? { timeout: options } : options),
  })
