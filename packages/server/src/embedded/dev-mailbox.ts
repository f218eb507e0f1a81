import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface DevMail {
  id: number
  to: string[]
  subject: string
  text: string
  receivedAt: string
}

export interface DevMailbox {
  smtpUrl: string
  messages(): DevMail[]
  close(): Promise<void>
}

const MAX_MESSAGES = 200

/**
 * An SMTP server in this process that keeps what it receives, for local development and tests:
 * mail goes out over real SMTP exactly as in production, and the operator reads it on the
 * services' dev mailbox page (or in the console line this prints for each message).
 */
export async function startDevMailbox(
  options: { host?: string; port?: number; log?: (line: string) => void } = {},
): Promise<DevMailbox> {
  const host = options.host ?? '127.0.0.1'
  const log = options.log ?? ((line: string) => console.log(line))
  const messages: DevMail[] = []
  let nextId = 1
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 256 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail = parseMessage(Buffer.concat(chunks).toString('utf8'))
        const entry: DevMail = {
          id: nextId++,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: mail.subject,
          text: mail.text,
          receivedAt: new Date().toISOString(),
        }
        messages.push(entry)
        if (messages.length > MAX_MESSAGES) messages.shift()
        log(`[dev mailbox] to ${entry.to.join(', ')}: ${entry.subject}`)
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    smtpUrl: `smtp://${host}:${port}`,
    messages: () => [...messages],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Enough MIME for the plain-text, single-part mail the services send (7bit or quoted-printable). */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const head = split < 0 ? raw : raw.slice(0, split)
  const body = split < 0 ? '' : raw.slice(split + 4)
  const headers = head.replace(/\r\n[ \t]+/g, ' ')
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  let text = body
  if (encoding === 'quoted-printable') {
    text = decodeQuoted(body.replace(/=\r\n/g, ''))
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  }
  return { subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n') }
}

// RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), which nodemailer uses for non-ASCII subjects.
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuoted(data.replace(/_/g, ' ')),
  )
}

/** `=XX` escapes are UTF-8 bytes, so they are collected as bytes before decoding. */
function decodeQuoted(text: string): string {
  const latin1 = text.replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  )
  return Buffer.from(latin1, 'latin1').toString('utf8')
}
