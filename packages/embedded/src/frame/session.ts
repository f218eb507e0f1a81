/**
 * What the frame keeps in its own origin's storage: a random device id and the session token. The
 * dapp page, on another origin, can never read either.
 */
const DEVICE_KEY = '@portico/frame/device'
const sessionKey = (projectId: string) => `@portico/frame/session/${projectId}`

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

export function deviceId(): string {
  const stored = storage()?.getItem(DEVICE_KEY)
  if (stored && /^[A-Za-z0-9_-]{22,64}$/.test(stored)) return stored
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  storage()?.setItem(DEVICE_KEY, id)
  return id
}

export function readToken(projectId: string): string | undefined {
  return storage()?.getItem(sessionKey(projectId)) ?? undefined
}

export function writeToken(projectId: string, token: string | undefined): void {
  if (token) storage()?.setItem(sessionKey(projectId), token)
  else storage()?.removeItem(sessionKey(projectId))
}
