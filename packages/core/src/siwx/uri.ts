/**
 * RFC 3986 as EIP-4361 uses it: the `URI:` line, each resource and the domain (an authority).
 * Regular expressions built from the RFC's ABNF rather than `new URL`, because WHATWG URL parsing
 * normalises and accepts things the grammar rejects (spaces, bad IPv6), and the signed text must be
 * judged exactly as written.
 */

const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const PCT = '%[0-9A-Fa-f]{2}'
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`

const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*'
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`
const IPV_FUTURE = `v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`
// Up to three digits worth at most 255: the shared SIWE vectors accept leading zeros (`000.010…`).
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])'
const IPV4 = `${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}`
const H16 = '[0-9A-Fa-f]{1,4}'
const LS32 = `(?:${H16}:${H16}|${IPV4})`
const IPV6 = `(?:${ipv6Alternatives().join('|')})`
const IP_LITERAL = `\\[(?:${IPV6}|${IPV_FUTURE})\\]`
const SEGMENT = `${PCHAR}*`
const SEGMENT_NZ = `${PCHAR}+`
const QUERY = `(?:${PCHAR}|[/?])*`

/** The nine forms of RFC 3986 §3.2.2 `IPv6address`, with `n` h16 groups before and after "::". */
function ipv6Alternatives(): string[] {
  const groups = (count: number) => (count === 0 ? '' : `(?:${H16}:){${count}}`)
  const before = (max: number) => (max < 0 ? '' : `(?:${max > 0 ? `(?:${H16}:){0,${max}}` : ''}${H16})?`)
  return [
    `${groups(6)}${LS32}`,
    `::${groups(5)}${LS32}`,
    `${before(0)}::${groups(4)}${LS32}`,
    `${before(1)}::${groups(3)}${LS32}`,
    `${before(2)}::${groups(2)}${LS32}`,
    `${before(3)}::${H16}:${LS32}`,
    `${before(4)}::${LS32}`,
    `${before(5)}::${H16}`,
    `${before(6)}::`,
  ]
}

const URI_PATTERN = new RegExp(
  `^(?<scheme>${SCHEME}):` +
    `(?:\\/\\/(?:(?<userinfo>${USERINFO})@)?(?<host>${IP_LITERAL}|${REG_NAME})(?::(?<port>[0-9]*))?` +
    `(?<abempty>(?:\\/${SEGMENT})*)` +
    `|(?<other>\\/(?:${SEGMENT_NZ}(?:\\/${SEGMENT})*)?|${SEGMENT_NZ}(?:\\/${SEGMENT})*|))` +
    `(?:\\?(?<query>${QUERY}))?(?:#(?<fragment>${QUERY}))?$`,
)

const AUTHORITY_PATTERN = new RegExp(
  `^(?:(?<userinfo>${USERINFO})@)?(?<host>${IP_LITERAL}|${REG_NAME})(?::(?<port>[0-9]*))?$`,
)

/** A URI split into its RFC 3986 components; absent components are null, as uri-js reports them. */
export interface UriComponents {
  scheme: string
  userinfo: string | null
  /** Without the brackets of an IP literal. */
  host: string | null
  port: string | null
  path: string
  query: string | null
  fragment: string | null
}

export function parseUri(input: string): UriComponents | undefined {
  const groups = URI_PATTERN.exec(input)?.groups
  if (!groups) return undefined
  const hasAuthority = groups.host !== undefined
  return {
    scheme: groups.scheme as string,
    userinfo: groups.userinfo ?? null,
    host: hasAuthority ? unbracket(groups.host as string) : null,
    port: groups.port ?? null,
    path: (hasAuthority ? groups.abempty : groups.other) ?? '',
    query: groups.query ?? null,
    fragment: groups.fragment ?? null,
  }
}

export function isUri(input: string): boolean {
  return URI_PATTERN.test(input)
}

/** An RFC 3986 authority with a host, as the message's domain must be. */
export function isAuthority(input: string): boolean {
  const host = AUTHORITY_PATTERN.exec(input)?.groups?.host
  return host !== undefined && host !== ''
}

export function isScheme(input: string): boolean {
  return new RegExp(`^${SCHEME}$`).test(input)
}

function unbracket(host: string): string {
  return host.startsWith('[') ? host.slice(1, -1) : host
}

/**
 * Single ABNF rules of EIP-4361 and RFC 3986, so the character-level conformance vectors can be
 * checked one rule at a time.
 */
const ABNF_RULES = {
  scheme: SCHEME,
  statement: "[A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;= ]*",
  'pct-encoded': PCT,
  userinfo: USERINFO,
  IPvFuture: IPV_FUTURE,
  'reg-name': REG_NAME,
  'segment-nz': SEGMENT_NZ,
  fragment: QUERY,
} as const

export type AbnfRule = keyof typeof ABNF_RULES

export function matchesRule(rule: AbnfRule, input: string): boolean {
  return new RegExp(`^(?:${ABNF_RULES[rule]})$`).test(input)
}
