/**
 * What the frame keeps in its own origin's storage: the session token (the device key is in
 * IndexedDB, device-store.ts). The dapp page, on another origin, can never read either, and the token
 * alone proves nothing: every call also carries the device key's proof.
 */
const sessionKey = (projectId: string) => `@portico/frame/session/${projectId}`

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

export function readToken(projectId: string): string | undefined {
  return storage()?.getItem(sessionKey(projectId)) ?? undefined
}

export function writeToken(projectId: string, token: string | undefined): void {
  if (token) storage()?.setItem(sessionKey(projectId), token)
  else storage()?.removeItem(sessionKey(projectId))
}
