import { expect, test } from 'vitest'
import { parseMessage } from './dev-mailbox.ts'

test('reads subject and a quoted-printable body', () => {
  const raw =
    'Subject: Your code\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nYour code is =\r\n123456=3D\r\n'
  expect(parseMessage(raw)).toEqual({ subject: 'Your code', text: 'Your code is 123456=\n' })
})

test('decodes base64 bodies and encoded-word subjects', () => {
  const body = Buffer.from('Grüße 654321').toString('base64')
  const raw = `Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}\r\n`
  expect(parseMessage(raw)).toEqual({ subject: 'Grüße', text: 'Grüße 654321' })
})
