/**
 * The texts the embedded wallet's key signs for the services, one wording for the secure
 * frame that signs them and the services that verify them: a word apart, and no key could set up.
 */

/** At setup: the services store shares only for the address they will answer with. */
export const keySetupProof = (email: string, address: string): string =>
  `Portico key setup\nemail: ${email}\naddress: ${address}`

/** The body of a move of recovery to a passkey, as the key signs it. */
export interface PasskeyResplit {
  address: string
  issuedAt: number
  serverShare: string
  recovery: { share: string }
}

/**
 * When recovery moves to a passkey: the exact new shares, and when, so an older body cannot be
 * replayed to bring back shares the user replaced.
 */
export const passkeyResplitProof = (email: string, body: PasskeyResplit): string =>
  [
    'Portico passkey recovery',
    `email: ${email}`,
    `address: ${body.address}`,
    `issued at: ${body.issuedAt}`,
    `server share: ${body.serverShare}`,
    `recovery share: ${body.recovery.share}`,
  ].join('\n')

/** The body of a key rotation, as both the old key and the new one sign it. */
export interface KeyRotation {
  kind: 'smartAccount' | 'eoa'
  oldAddress: string
  newAddress: string
  issuedAt: number
  serverShare: string
  recovery: { share: string }
}

/**
 * A rotation to a new key: signed by the old key (the wallet's holder asks for it) and by the new
 * one (its shares are those below), so no one else can hand the wallet to a key of theirs.
 */
export const keyRotationProof = (email: string, body: KeyRotation): string =>
  [
    'Portico key rotation',
    `email: ${email}`,
    `kind: ${body.kind}`,
    `old address: ${body.oldAddress}`,
    `new address: ${body.newAddress}`,
    `issued at: ${body.issuedAt}`,
    `server share: ${body.serverShare}`,
    `recovery share: ${body.recovery.share}`,
  ].join('\n')
