/**
 * The message protocol between the dapp and the secure frame (behaviour §7): requests `{id, type,
 * payload}`, answered by `{id, type: <type>_SUCCESS | <type>_ERROR, payload}`. Both sides parse
 * everything they receive with these schemas; a message that does not parse is dropped.
 * zod/mini keeps the frame script and the dapp's lazy chunk small.
 */
import type { EmbeddedErrorCode } from '@portico/core'
import { z } from 'zod/mini'

const email = z.string().check(z.maxLength(254), z.email())
const otp = z.string().check(z.maxLength(16))
const address = z.templateLiteral(['0x', z.string()]).check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const empty = z.object({})

const userSchema = z.object({
  email: z.optional(z.nullable(z.string())),
  address,
  chainId: z.union([z.string(), z.number()]),
  accounts: z.array(z.object({ address, type: z.enum(['eoa', 'smartAccount']) })),
  userName: z.optional(z.string()),
  preferredAccountType: z.string(),
  smartAccountDeployed: z.boolean(),
  /** Who can restore the wallet on a new device: the app's operator, or only the user's passkey. */
  recovery: z.optional(z.nullable(z.enum(['operator', 'passkey']))),
  /** The key was made in this login and recovery is the operator's: the page offers a passkey. */
  offerPasskey: z.optional(z.boolean()),
  /** The social identity this session logged in with (behaviour §3): the account shows it instead of the e-mail. */
  social: z.optional(z.nullable(z.object({ provider: z.string(), username: z.string() }))),
  /** Recovery shares issued before still open this key, until the key is rotated (ROTATE_KEY). */
  rotationAdvised: z.optional(z.boolean()),
  /** The smart account a rotated key owns: its address stays, so it is remembered, not derived. */
  smartAccount: z.optional(z.nullable(address)),
})

/**
 * The providers the services log in with in a popup: by OAuth, and Telegram's Login Widget
 * (Farcaster has its own two messages).
 */
const POPUP_SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'github', 'apple', 'facebook', 'telegram'] as const

/** Request payload and success payload of every message this frame answers. */
export const MESSAGES = {
  CONNECT_EMAIL: {
    request: z.object({ email }),
    success: z.object({ action: z.enum(['VERIFY_OTP', 'CONNECT']) }),
  },
  CONNECT_OTP: { request: z.object({ otp }), success: userSchema },
  GET_USER: { request: empty, success: userSchema },
  SIGN_OUT: { request: empty, success: empty },
  IS_CONNECTED: { request: empty, success: z.object({ isConnected: z.boolean() }) },
  GET_CHAIN_ID: { request: empty, success: z.object({ chainId: z.number() }) },
  SWITCH_NETWORK: { request: z.object({ chainId: z.number() }), success: z.object({ chainId: z.number() }) },
  RPC_REQUEST: {
    request: z.object({ method: z.string().check(z.maxLength(100)), params: z.optional(z.unknown()) }),
    success: z.object({ result: z.unknown() }),
  },
  UPDATE_EMAIL: {
    request: z.object({ email }),
    success: z.object({ action: z.literal('VERIFY_PRIMARY_OTP') }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: {
    request: z.object({ otp }),
    success: z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }),
  },
  UPDATE_EMAIL_SECONDARY_OTP: { request: z.object({ otp }), success: z.object({ newEmail: z.string() }) },
  SYNC_THEME: {
    request: z.object({
      themeMode: z.enum(['light', 'dark']),
      themeVariables: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
    }),
    success: empty,
  },
  SYNC_DAPP_DATA: {
    request: z.object({
      projectId: z.string(),
      sdkVersion: z.string(),
      sdkType: z.string(),
      metadata: z.optional(
        z.object({ name: z.string(), description: z.string(), url: z.string(), icons: z.array(z.string()) }),
      ),
    }),
    success: empty,
  },
  SET_PREFERRED_ACCOUNT: {
    request: z.object({ type: z.enum(['eoa', 'smartAccount']) }),
    success: z.object({ type: z.string(), address }),
  },
  RELOAD: { request: empty, success: empty },
  /** The frame offers "Protect your wallet with a passkey" and answers whether the user made one. */
  PROTECT_WITH_PASSKEY: { request: empty, success: z.object({ protected: z.boolean() }) },
  /** "Make recovery yours alone": a new key split passkey-first; `rotated` false when the user cancelled. */
  ROTATE_KEY: { request: empty, success: z.object({ rotated: z.boolean() }) },
  /** A new device (after UNLOCK_REQUIRED): the frame asks for the passkey, or for a code it mailed. */
  UNLOCK_WALLET: { request: empty, success: userSchema },
  /** The frame mails a code, takes it, and shows the private key in itself, never to the page. */
  EXPORT_KEY: { request: empty, success: empty },
  /** behaviour §7 "social redirect": the frame starts a login attempt; the page points its popup at `uri`. */
  GET_SOCIAL_REDIRECT_URI: {
    request: z.object({ provider: z.enum(POPUP_SOCIAL_PROVIDERS) }),
    success: z.object({ uri: z.string().check(z.url()) }),
  },
  /** behaviour §7 "connect social": one wait for the attempt's outcome; no `user` means "not yet, ask again". */
  CONNECT_SOCIAL: { request: empty, success: z.object({ user: z.optional(userSchema) }) },
  /**
   * behaviour §7 "farcaster": the frame opens a Sign In With Farcaster channel of its own and answers
   * the link the page shows (QR code, "Open Farcaster"); the channel stays the frame's to log in with.
   */
  OPEN_FARCASTER_CHANNEL: { request: empty, success: z.object({ url: z.string().check(z.url()) }) },
  /** One look at the frame's channel: signed, it logs in; no `user` means "not yet, ask again". */
  CONNECT_FARCASTER: { request: empty, success: z.object({ user: z.optional(userSchema) }) },
  /** The page may withdraw a request it made (a forced close); only the frame's own buttons approve. */
  CANCEL_REQUEST: {
    request: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
    success: empty,
  },
} as const

export type MessageType = keyof typeof MESSAGES
export type RequestOf<T extends MessageType> = z.output<(typeof MESSAGES)[T]['request']>
export type SuccessOf<T extends MessageType> = z.output<(typeof MESSAGES)[T]['success']>

const MESSAGE_TYPES = Object.keys(MESSAGES) as MessageType[]

const id = z.string().check(z.minLength(1), z.maxLength(64))

/** A request as the frame receives it; the payload is parsed against its type's schema after this. */
export const requestEnvelope = z.object({ id, type: z.enum(MESSAGE_TYPES), payload: z.unknown() })

/** The services' error codes the page acts on (`EmbeddedErrorCode`), forwarded as `reason`. */
export const errorReason = z.enum([
  'EMAIL_COOLDOWN',
  'UNLOCK_REQUIRED',
  'SETUP_REQUIRED',
] satisfies EmbeddedErrorCode[])

export const errorPayload = z.object({
  message: z.string(),
  code: z.optional(z.number()),
  reason: z.optional(errorReason),
  kind: z.optional(z.enum(['iframe_load_failed', 'iframe_request_timeout', 'unverified_domain'])),
})
export type ErrorPayload = z.output<typeof errorPayload>

/**
 * The frame asks to be shown (an approval waits for the user's click inside it) or hidden again;
 * `height` is its content's height in CSS pixels.
 */
const frameLayout = z.object({
  type: z.literal('FRAME_LAYOUT'),
  visible: z.boolean(),
  height: z.number().check(z.minimum(0), z.maximum(10_000)),
})
export type FrameLayout = z.output<typeof frameLayout>

/**
 * The page's question "are you listening?", which the frame answers with FRAME_READY: the frame's
 * own ready signal goes out once, and a page that missed it asks again.
 */
export const FRAME_PING = { type: 'FRAME_PING' } as const

/** An answer as the dapp receives it, the frame's ready signal, or its layout request. */
export const frameEvent = z.union([
  z.object({ type: z.literal('FRAME_READY') }),
  frameLayout,
  z.object({ id, type: z.string().check(z.regex(/^[A-Z_]+_(SUCCESS|ERROR)$/)), payload: z.unknown() }),
])

export const successType = (type: MessageType) => `${type}_SUCCESS`
export const errorType = (type: MessageType) => `${type}_ERROR`

/** Messages that wait for a person or a login round trip get behaviour §9's request timeout. */
export const TIMED_MESSAGES: ReadonlySet<MessageType> = new Set([
  'CONNECT_EMAIL',
  'CONNECT_OTP',
  'GET_SOCIAL_REDIRECT_URI',
  'CONNECT_SOCIAL',
  'OPEN_FARCASTER_CHANNEL',
  'CONNECT_FARCASTER',
])

export const FRAME_VERSION = '1'
