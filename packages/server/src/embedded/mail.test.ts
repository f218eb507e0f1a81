import { expect, test } from 'vitest'
import { type CodeKind, codeMail } from './mail.ts'
import type { RequestContext } from './request-context.ts'

const context: RequestContext = {
  project: 'Acme Shop',
  origin: 'https://shop.example',
  time: new Date('2025-03-04T05:06:07Z'),
  device: 'Firefox on Linux',
  ip: '203.0.113.9',
}
const ASKED_FOR_BY =
  'Asked for by:\n  App: Acme Shop (https://shop.example)\n  Time: 2025-03-04 05:06 UTC\n  Device: Firefox on Linux, IP 203.0.113.9\n'

test('the current address is told an e-mail change is under way, to which address, and what to do if it was not them', () => {
  const mail = codeMail(
    'old@example.com',
    { kind: 'leave-address', newEmail: 'new@example.com' },
    '123456',
    context,
  )
  expect(mail.to).toBe('old@example.com')
  expect(mail.subject).toBe('E-mail change under way on your wallet for Acme Shop: 123456')
  expect(mail.text).toBe(
    'E-mail change under way. Your code: 123456. It moves your wallet from this address to new@example.com.\n\n' +
      `${ASKED_FOR_BY}\nIt expires in 10 minutes.\n\n` +
      'Not you? Do not pass the code on: without it your wallet stays on this address. But someone is signed in to your wallet: change your e-mail password, then move your funds to a wallet only you control.\n',
  )
})

test('the new address is told an e-mail change is under way, without the address the wallet has now', () => {
  const mail = codeMail('new@example.com', { kind: 'new-address' }, '123456', context)
  expect(mail.to).toBe('new@example.com')
  expect(mail.subject).toBe('E-mail change to this address under way for Acme Shop: 123456')
  expect(mail.text).toBe(
    'E-mail change under way. Your code: 123456. It makes this address the e-mail of your wallet, which is registered to another address now.\n\n' +
      `${ASKED_FOR_BY}\nIt expires in 10 minutes.\n\n` +
      'Not you? Someone may have typed your address by mistake: ignore this e-mail and do not pass the code on. Nothing changes without it.\n',
  )
})

const KINDS: CodeKind[] = [
  { kind: 'login' },
  { kind: 'export' },
  // Digits in the address must not come before the code: the first number is the code.
  { kind: 'leave-address', newEmail: '654321@example.com' },
  { kind: 'new-address' },
]

test.each(KINDS)('the $kind mail gives its code as the first number in it', (kind) => {
  const mail = codeMail('user@example.com', kind, '123456', { ...context, project: 'Shop 999999' })
  expect(/\b\d{6}\b/.exec(mail.text)?.[0]).toBe('123456')
  expect(mail.subject.endsWith(': 123456')).toBe(true)
})

test('each kind has its own subject, and only the login mail speaks of a login code', () => {
  const mails = KINDS.map((kind) => codeMail('user@example.com', kind, '123456', context))
  expect(new Set(mails.map((mail) => mail.subject)).size).toBe(KINDS.length)
  const [login, ...others] = mails
  expect(login?.text).toMatch(/^Your login code: 123456\n/)
  for (const mail of others) expect(`${mail.subject}\n${mail.text}`).not.toMatch(/login code/i)
})
