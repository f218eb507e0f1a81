import { randomBytes } from 'node:crypto'

/**
 * An e-mail login started the way the secure frame starts it: same-origin to the services, for a
 * page of `projectId` at `parentOrigin`, from a new device.
 */
export function connectEmailAsFrame(
  servicesUrl: string,
  projectId: string,
  email: string,
  parentOrigin = 'http://127.0.0.1:3000',
): Promise<Response> {
  return fetch(`${servicesUrl}/v1/auth/email/connect`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: servicesUrl,
      'x-portico-project': projectId,
      'x-portico-parent-origin': parentOrigin,
      'x-portico-device': randomBytes(16).toString('base64url'),
    },
    body: JSON.stringify({ email }),
  })
}
