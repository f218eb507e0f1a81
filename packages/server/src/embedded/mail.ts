import nodemailer from 'nodemailer'

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

export function otpMail(to: string, code: string): Mail {
  return {
    to,
    subject: `Your Portico login code: ${code}`,
    text: `Your Portico login code is ${code}\n\nIt expires in 10 minutes. If you did not ask for it, ignore this e-mail.\n`,
  }
}

export function deviceMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Approve your new Portico device',
    text: `Someone is signing in to your Portico wallet from a new device.\n\nApprove it here: ${link}\n\nIf this was not you, ignore this e-mail.\n`,
  }
}
