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

/**
 * What a code is for, with what its mail must name: each kind has its own wording, so a code is
 * never mistaken for another.
 */
export type CodeKind =
  | { kind: 'login' }
  // A login to an existing wallet from a device it has not seen: the code also opens the wallet there.
  | { kind: 'new-device' }
  // A device logged in without a code (a social provider, Farcaster) asks to open the wallet.
  | { kind: 'unlock' }
  | { kind: 'export' }
  // To the current address; `newEmail` as the route's schema accepted it (no spaces or line breaks).
  | { kind: 'leave-address'; newEmail: string }
  // The current address is left out on purpose: this mail goes to whatever address was typed, a
  // stranger's after a typo, while the person who asked already knows it. Even masked
  // (a•••@example.com) it would show a personal domain, which can be enough to name the owner.
  | { kind: 'new-address' }

interface Wording {
  subject: string
  /** The mail's first line: nothing before the code holds digits, so the first number in the mail is the code. */
  firstLine: string
  ending: string
}

function wordingOf(kind: CodeKind, code: string): Wording {
  switch (kind.kind) {
    case 'login':
      return {
        subject: 'Your login code',
        firstLine: `Your login code: ${code}`,
        ending: 'If this was not you, ignore this e-mail: nobody can log in without the code.',
      }
    case 'new-device':
      return {
        subject: 'Your login code for a new device',
        firstLine: `Your login code: ${code}. It logs in to your wallet from a device that has not been used with it before, and opens the wallet there.`,
        ending:
          'Not you? Do not pass the code on and do not type it anywhere: nobody can open your wallet without it. It works only on the device that asked for it.',
      }
    case 'unlock':
      return {
        subject: 'Your code to open your wallet on a new device',
        firstLine: `Your code to open your wallet on this device: ${code}`,
        ending:
          'Not you? Do not pass the code on: someone logged in to your account elsewhere, and with the code they could take your wallet. It works only on the device that asked for it.',
      }
    case 'leave-address':
      return {
        subject: 'E-mail change under way on your wallet',
        firstLine: `E-mail change under way. Your code: ${code}. It moves your wallet from this address to ${kind.newEmail}.`,
        // Only a signed-in session can ask, and the services cannot end someone else's session
        // (sign-out ends the caller's own): the advice is what the owner can do by themselves.
        ending:
          'Not you? Do not pass the code on: without it your wallet stays on this address. But someone is signed in to your wallet: change your e-mail password, then move your funds to a wallet only you control.',
      }
    case 'new-address':
      return {
        subject: 'E-mail change to this address under way',
        firstLine: `E-mail change under way. Your code: ${code}. It makes this address the e-mail of your wallet, which is registered to another address now.`,
        ending:
          'Not you? Someone may have typed your address by mistake: ignore this e-mail and do not pass the code on. Nothing changes without it.',
      }
    case 'export':
      return {
        subject: 'Your code to export your private key',
        firstLine: `Your code to show your wallet's private key: ${code}`,
        ending:
          'Not you? Do not pass the code on: with it, someone signed in to your wallet can take its key. Change your e-mail password, then move your funds to a wallet only you control.',
      }
  }
}

export function codeMail(to: string, kind: CodeKind, code: string, context: RequestContext): Mail {
  const wording = wordingOf(kind, code)
  return {
    to,
    subject: `${wording.subject} for ${context.project}: ${code}`,
    text: `${wording.firstLine}\n\nAsked for by:\n${details(context)}\nIt expires in 10 minutes.\n\n${wording.ending}\n`,
  }
}

/** To the address a wallet just left: the change is done, and every other session was ended. */
// The new address is left out: the old one may belong to someone else by now (a work address left).
export function addressChangedMail(to: string, context: RequestContext): Mail {
  return {
    to,
    subject: `Your wallet's e-mail address was changed for ${context.project}`,
    text: `Your wallet now logs in with another e-mail address. This address no longer logs in to it, and every device but the one that made the change was signed out.\n\nChanged from:\n${details(context)}\nNot you? Someone who had your codes moved your wallet. Change your e-mail password and contact the app's support.\n`,
  }
}

function details(context: RequestContext): string {
  return describeRequest(context)
    .map(([label, value]) => `  ${label}: ${value}\n`)
    .join('')
}
