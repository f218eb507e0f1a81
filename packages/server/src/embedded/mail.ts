import nodemailer from 'nodemailer'
import { describeRequest, type RequestContext } from './request-context.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/** Mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587); the sender is `from`. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close: () => transport.close(),
  }
}

/** What a code is for: each kind has its own wording, so a code is never mistaken for another. */
export type CodeKind = 'login' | 'leave-address' | 'new-address' | 'export'

const CODE_WORDING: Record<CodeKind, { subject: string; opening: string; ending: string }> = {
  login: {
    subject: 'Your login code',
    opening: 'Your login code',
    ending: 'If this was not you, ignore this e-mail: nobody can log in without the code.',
  },
  'leave-address': {
    subject: "Confirm changing your wallet's e-mail address",
    opening: 'Your code to move your wallet to another e-mail address',
    ending:
      'If this was not you, do not pass the code on: your address stays as it is without it, but someone is signed in to your wallet.',
  },
  'new-address': {
    subject: 'Confirm your new e-mail address',
    opening: "Your code to make this your wallet's e-mail address",
    ending: 'If you did not ask for this, ignore this e-mail: nothing changes without the code.',
  },
  export: {
    subject: 'Your code to export your private key',
    opening: "Your code to show your wallet's private key",
    ending:
      'If this was not you, do not pass the code on and sign out of the wallet everywhere: with the code, someone signed in to your wallet can take its key.',
  },
}

export function codeMail(to: string, kind: CodeKind, code: string, context: RequestContext): Mail {
  const wording = CODE_WORDING[kind]
  return {
    to,
    subject: `${wording.subject} for ${context.project}: ${code}`,
    // The code comes first: nothing before it can contain digits that look like one.
    text: `${wording.opening}: ${code}\n\nAsked for by:\n${details(context)}\nIt expires in 10 minutes. ${wording.ending}\n`,
  }
}

export function deviceMail(to: string, link: string, context: RequestContext): Mail {
  return {
    to,
    subject: `Approve a new device for ${context.project}`,
    text: `Someone is logging in to your wallet on a new device:\n${details(context)}\nIf this was you, approve the device here: ${link}\n\nIf it was not you, ignore this e-mail: the device stays locked out.\n`,
  }
}

function details(context: RequestContext): string {
  return describeRequest(context)
    .map(([label, value]) => `  ${label}: ${value}\n`)
    .join('')
}
