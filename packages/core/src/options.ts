/**
 * The options of `createPortico`, checked once at startup so a misconfigured page fails with a
 * clear message instead of a half-working modal.
 */
import type { Chain } from 'viem'
import { z } from 'zod/mini'
import { type AccountTypes, resolveAccountTypes } from './account-types.ts'
import { CHAIN_NAMESPACES } from './caip.ts'
import { DEFAULT_SERVICES_URL, SOCIAL_DEFAULTS } from './constants.ts'
import { ErrorText, errorMessage, PorticoError } from './errors.ts'
import {
  DEFAULT_CONNECT_METHODS_ORDER,
  DEFAULT_CONNECTOR_GROUPS_ORDER,
  DEFAULT_WALLET_FEATURES_ORDER,
} from './orders.ts'
import type { SIWXConfig } from './siwx/types.ts'
import { type SocialProvider, socialProviderSchema } from './validators.ts'

// zod/mini (not the full `zod`) keeps the browser bundle small; each helper below mirrors the
// method of full zod it replaces, so parsing and the error messages stay the same.
// validators.ts registers zod's English messages, as full zod does by default.

// Only the fields Portico reads are checked; the chain object itself is kept as given, so
// viem-specific fields (contracts, formatters, fees) reach wagmi untouched.
const chainShape = z.looseObject({
  id: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1)),
  nativeCurrency: z.looseObject({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.int(), z.nonnegative()),
  }),
  rpcUrls: z.looseObject({ default: z.looseObject({ http: z.readonly(z.array(z.string())) }) }),
})
const chainSchema = z.custom<Chain>((value) => chainShape.safeParse(value).success, {
  message: 'Each network must be a viem Chain with id, name, nativeCurrency and rpcUrls',
})

// The spec's default orders name every member of each kind, so they are the lists to accept.
const connectMethodSchema = z.enum(DEFAULT_CONNECT_METHODS_ORDER)
const connectorGroupSchema = z.enum(DEFAULT_CONNECTOR_GROUPS_ORDER)
const walletFeatureSchema = z.enum(DEFAULT_WALLET_FEATURES_ORDER)
const accountTypeSchema = z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])

const flag = (value: boolean) => z._default(z.boolean(), value)

const featuresSchema = z.object({
  swaps: flag(true),
  onramp: flag(true),
  receive: flag(true),
  send: flag(true),
  email: flag(true),
  emailShowWallets: flag(true),
  // `false` switches social login off, as `[]` does.
  socials: z.pipe(
    z._default(
      z.union([z.array(socialProviderSchema), z.literal(false)], {
        error: `expected false or a list of: ${socialProviderSchema.options.join(', ')}`,
      }),
      [...SOCIAL_DEFAULTS],
    ),
    z.transform((socials: SocialProvider[] | false): SocialProvider[] =>
      socials === false ? [] : [...new Set(socials)],
    ),
  ),
  history: flag(true),
  analytics: flag(true),
  allWallets: flag(true),
  legalCheckbox: flag(false),
  smartSessions: flag(false),
  collapseWallets: flag(false),
  pay: flag(false),
  connectorTypeOrder: z.optional(z.array(connectorGroupSchema)),
  walletFeaturesOrder: z.optional(z.array(walletFeatureSchema)),
  connectMethodsOrder: z.optional(z.array(connectMethodSchema)),
})

/** CSS custom properties a host may override; the modal fills in the rest (MODAL_DEFAULTS). */
const themeVariablesSchema = z.object({
  '--portico-accent': z.optional(z.string()),
  /** The background of filled buttons, under white text: dark enough for a 4.5:1 contrast. */
  '--portico-accent-fill': z.optional(z.string()),
  '--portico-font-family': z.optional(z.string()),
  '--portico-font-size-master': z.optional(z.string()),
  '--portico-border-radius-master': z.optional(z.string()),
  '--portico-z-index': z.optional(z.union([z.number().check(z.int()), z.string()])),
})

const metadataSchema = z.object({
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  url: z.url(),
  icons: z.array(z.url()),
})

// behaviour §7's sign-in storage calls.
const SIWX_CALLS = ['createMessage', 'addSession', 'getSessions', 'setSessions'] as const

/**
 * Wallets named by id, rdns or name (behaviour §5), as the wallet list's `include`/`exclude`
 * carry them: comma-separated, so a name may not contain one; at most what the services accept.
 */
const WALLET_REF = 'a wallet id, rdns or name: 1 to 200 characters, no comma'
const walletRefsSchema = z._default(
  z
    .array(
      z
        .string()
        .check(z.minLength(1, WALLET_REF), z.maxLength(200, WALLET_REF), z.regex(/^[^,]*$/, WALLET_REF)),
    )
    .check(z.maxLength(500, 'at most 500 wallets')),
  [],
)

const httpUrl = z.optional(z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }))

const hostObject = z.custom<object>((value) => typeof value === 'object' && value !== null)

const optionsSchema = z.object({
  projectId: z.string(),
  networks: z.array(chainSchema),
  metadata: z.optional(metadataSchema),
  features: z.prefault(featuresSchema, {}),
  themeMode: z._default(z.enum(['dark', 'light']), 'dark'),
  themeVariables: z._default(themeVariablesSchema, {}),
  defaultAccountTypes: z.optional(z.partialRecord(z.enum(CHAIN_NAMESPACES), accountTypeSchema)),
  connectMethodsOrder: z.optional(z.array(connectMethodSchema)),
  connectorTypeOrder: z.optional(z.array(connectorGroupSchema)),
  walletFeaturesOrder: z.optional(z.array(walletFeatureSchema)),
  // The legal checkbox's links (`features.legalCheckbox`), as AppKit names them.
  termsConditionsUrl: httpUrl,
  privacyPolicyUrl: httpUrl,
  featuredWalletIds: walletRefsSchema,
  includeWalletIds: walletRefsSchema,
  excludeWalletIds: walletRefsSchema,
  enableAnalytics: z.optional(z.boolean()),
  servicesUrl: z.pipe(
    z._default(z.url(), DEFAULT_SERVICES_URL),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
  // WalletConnect: the services' relay and this project by default; real mobile wallets
  // need WalletConnect's public relay and a WalletConnect project id.
  walletConnect: z.optional(
    z.object({
      relayUrl: z.optional(z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' })),
      projectId: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
  siweConfig: z.optional(hostObject),
  siwx: z.optional(
    z.custom<SIWXConfig>(
      (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        SIWX_CALLS.every((call) => typeof (value as Record<string, unknown>)[call] === 'function'),
      { message: `siwx must implement ${SIWX_CALLS.join(', ')}` },
    ),
  ),
})

export type PorticoOptions = z.input<typeof optionsSchema>
export type PorticoFeatures = z.output<typeof featuresSchema>
export type PorticoMetadata = z.output<typeof metadataSchema>
export type ThemeVariables = z.output<typeof themeVariablesSchema>

type Parsed = z.output<typeof optionsSchema>
export interface ResolvedOptions
  extends Omit<Parsed, 'defaultAccountTypes' | 'enableAnalytics' | 'walletConnect'> {
  /** The relay and project the WalletConnect connector uses. */
  walletConnect: { relayUrl: string; projectId: string }
  defaultAccountTypes: AccountTypes
  /** One switch for analytics: off when either `enableAnalytics` or `features.analytics` is false. */
  enableAnalytics: boolean
}

const NOT_BUILT_FEATURES = ['smartSessions'] as const

/** Throws a PorticoError with the spec's text for the mistakes behaviour §5 names, else zod's. */
export function resolveOptions(input: PorticoOptions): ResolvedOptions {
  const raw = (input ?? {}) as Partial<Record<keyof PorticoOptions, unknown>>
  if (typeof raw.projectId !== 'string' || raw.projectId.trim() === '') {
    throw new PorticoError(ErrorText.PROJECT_ID_NOT_DEFINED)
  }
  if (raw.networks === undefined || (Array.isArray(raw.networks) && raw.networks.length === 0)) {
    throw new PorticoError(ErrorText.NO_NETWORKS)
  }
  if (Array.isArray(raw.networks) && raw.networks.length > 1)
    throw new PorticoError(ErrorText.SEVERAL_NETWORKS)
  if (raw.siweConfig !== undefined && raw.siwx !== undefined)
    throw new PorticoError(ErrorText.SIWE_CONFIG_CONFLICT)
  // Accepted as AppKit's names, not built: a page that turns one on is told, not left to wonder.
  const features = raw.features as Record<string, unknown> | undefined
  for (const name of NOT_BUILT_FEATURES)
    if (features?.[name] === true)
      throw new PorticoError(`features.${name} is not available in this version of Portico`)

  const result = optionsSchema.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    throw new PorticoError(`Invalid Portico options: ${where}${errorMessage(result.error)}`, {
      cause: result.error,
    })
  }
  const parsed = result.data
  const analytics = (parsed.enableAnalytics ?? true) && parsed.features.analytics
  const connectMethodsOrder = parsed.features.connectMethodsOrder ?? parsed.connectMethodsOrder
  const connectorTypeOrder = parsed.features.connectorTypeOrder ?? parsed.connectorTypeOrder
  const walletFeaturesOrder = parsed.features.walletFeaturesOrder ?? parsed.walletFeaturesOrder
  return {
    ...parsed,
    projectId: parsed.projectId.trim(),
    features: { ...parsed.features, analytics, connectMethodsOrder, connectorTypeOrder, walletFeaturesOrder },
    connectMethodsOrder,
    connectorTypeOrder,
    walletFeaturesOrder,
    enableAnalytics: analytics,
    defaultAccountTypes: resolveAccountTypes(parsed.defaultAccountTypes),
    walletConnect: {
      relayUrl: parsed.walletConnect?.relayUrl ?? servicesRelayUrl(parsed.servicesUrl),
      projectId: parsed.walletConnect?.projectId ?? parsed.projectId.trim(),
    },
  }
}

/** The services' own relay: `https://services.example` → `wss://services.example/v1/wc-relay`. */
function servicesRelayUrl(servicesUrl: string): string {
  return `${servicesUrl.replace(/^http/, 'ws')}/v1/wc-relay`
}
