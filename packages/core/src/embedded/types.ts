import type { Alert } from '../errors.ts'

/**
 * The contract between the modal and an embedded-wallet connector (connector type AUTH). Core
 * only knows this shape; `@portico/embedded` implements it over the secure frame, so the first
 * paint carries none of the frame code.
 */
export const AUTH_CONNECTOR_TYPE = 'AUTH'

export type EmailAction = 'VERIFY_OTP' | 'CONNECT'

/** The embedded wallet's two accounts on EVM chains: the key's own, and the smart account it owns. */
export type EmbeddedAccountType = 'eoa' | 'smartAccount'

/** behaviour §3 "Embedded-wallet user". */
export interface EmbeddedUser {
  email?: string | null | undefined
  address: `0x${string}`
  chainId: string | number
  accounts: { address: `0x${string}`; type: 'eoa' | 'smartAccount' }[]
  userName?: string | undefined
  preferredAccountType: string
  smartAccountDeployed: boolean
  /**
   * Who can restore the wallet on a new device: `operator` (the app's operator holds a recovery key)
   * or `passkey` (only the user's passkey). Absent for connectors without the notion.
   */
  recovery?: 'operator' | 'passkey' | null | undefined
  /** Recovery shares issued before still open this key until it is rotated: the account view says so. */
  rotationAdvised?: boolean | undefined
  /** The wallet was made in this login and the operator can recover it: the modal offers a passkey. */
  offerPasskey?: boolean | undefined
  /** The social identity of this login (behaviour §3 "connected social provider and username"); null for e-mail. */
  social?: { provider: string; username: string } | null | undefined
}

/** The providers whose login runs in a popup on the services (Farcaster signs a channel instead). */
export type PopupSocialProvider = 'google' | 'x' | 'discord' | 'github' | 'apple' | 'facebook' | 'telegram'

/** One not-safe RPC request the secure frame is showing while the modal is on ApproveTransaction. */
export interface ApprovalRequest {
  id: number
  method: string
  params: unknown
}

/** What the page (through Portico) offers the connector: approvals and alerts live in the modal. */
export interface EmbeddedHost {
  /**
   * A not-safe request went to the secure frame, which shows it and takes the user's answer there:
   * the page can ask, never approve. The modal shows ApproveTransaction meanwhile and calls
   * `withdraw` if it is closed by force (the request then fails as rejected). The returned function
   * is called once the frame has answered.
   */
  approving(request: { method: string; params: unknown }, withdraw: () => void): () => void
  alert(alert: Alert): void
  /** A method outside the RPC policy was asked for (behaviour §8 "Disallowed RPC method"). */
  disallowed(method: string): void
  /** The account type to connect with, set again on every connect (behaviour §1): stored, else the options' default. */
  accountType?(): EmbeddedAccountType
  /** The modal's theme, which the secure frame's cards follow so the two read as one surface. */
  theme?(): { themeMode: 'light' | 'dark'; themeVariables: Record<string, string | number> }
}

// A type alias, not an interface: wagmi's connector properties must be a Record.
export type EmbeddedAuthApi = {
  /** Loads the frame ahead of need, so the first code request does not wait for it. */
  preload(): Promise<void>
  connectEmail(email: string): Promise<{ action: EmailAction }>
  connectOtp(otp: string): Promise<EmbeddedUser>
  /** One wait for the approval link; `approved: false` means "not yet, ask again". */
  getUser(): Promise<EmbeddedUser>
  updateEmail(email: string): Promise<{ action: 'VERIFY_PRIMARY_OTP' }>
  updateEmailPrimaryOtp(otp: string): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  updateEmailSecondaryOtp(otp: string): Promise<{ newEmail: string }>
  /**
   * The secure frame offers "Protect your wallet with a passkey" over the modal; answers whether the
   * user made one. `signal` withdraws the offer (the modal closed).
   */
  protectWithPasskey(signal?: AbortSignal): Promise<{ protected: boolean }>
  /**
   * The secure frame offers "Make recovery yours alone": the wallet moves to a new key split
   * passkey-first (a smart account keeps its address). Answers whether it did.
   */
  rotateKey(signal?: AbortSignal): Promise<{ rotated: boolean }>
  /**
   * After UNLOCK_REQUIRED: the frame asks for the user's passkey, or mails a code the user types in
   * the frame, and opens the wallet on this device.
   */
  unlockWallet(signal?: AbortSignal): Promise<EmbeddedUser>
  /** The frame asks for a fresh e-mail code and shows the private key in itself, never to the page. */
  exportKey(signal?: AbortSignal): Promise<unknown>
  /** Starts a social login attempt in the frame; `uri` is the popup's first page. */
  getSocialRedirectUri(provider: PopupSocialProvider): Promise<{ uri: string }>
  /** One wait for the attempt's outcome; no `user` means "not yet, ask again". */
  connectSocial(): Promise<{ user?: EmbeddedUser | undefined }>
  /** The frame opens a Sign In With Farcaster channel of its own; `url` is the link the page shows. */
  openFarcasterChannel(): Promise<{ url: string }>
  /** One look at the frame's channel: once signed, the user it logged in; no `user` means "not yet, ask again". */
  connectFarcaster(): Promise<{ user?: EmbeddedUser | undefined }>
  setHost(host: EmbeddedHost): void
  /** Connects with the user's other account (behaviour §7 "set preferred account"); its address. */
  setPreferredAccount(type: EmbeddedAccountType): Promise<{ type: string; address: `0x${string}` }>
}
