import ipaddr from 'ipaddr.js'

/**
 * Whether a server may fetch from `address` on a stranger's say-so (a token URI, a redirect): only
 * public unicast addresses. Everything ipaddr.js names a special range is refused — loopback,
 * RFC 1918, link-local (cloud metadata at 169.254.169.254), CGNAT, unique-local, multicast,
 * unspecified, broadcast, documentation and reserved ranges, 6to4 and Teredo tunnels. IPv6 forms
 * that carry an IPv4 address are judged by that address, so `::ffff:127.0.0.1` is loopback.
 * Accepts what DNS answers and the numeric forms a URL host may take (`2130706433`, `0x7f.1`).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast'
  const v6 = parsed as ipaddr.IPv6
  const parts = v6.parts
  // IPv4-compatible (::a.b.c.d, deprecated and never routed) and :: and ::1 themselves.
  if (parts.slice(0, 6).every((part) => part === 0)) return false
  const range = v6.range()
  if (range === 'ipv4Mapped') return v6.toIPv4Address().range() === 'unicast'
  // NAT64 (64:ff9b::/96): on IPv6-only networks DNS64 answers public hosts in this form.
  if (range === 'rfc6052' && parts[2] === 0) return embeddedIPv4(parts).range() === 'unicast'
  return range === 'unicast'
}

function embeddedIPv4(parts: number[]): ipaddr.IPv4 {
  const [high = 0, low = 0] = parts.slice(6)
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
}

/**
 * An operator's allowed host (`PORTICO_METADATA_ALLOW_HOSTS`) in the form URLs compare with: the
 * host name as a URL spells it (lower case, IPv4 in dotted form, IPv6 in brackets), and the port
 * when one was given. Throws on anything else.
 */
export function normaliseAllowedHost(entry: string): string {
  const match = /^(\[[0-9a-f:.]+\]|[^\s:/?#@[\]]+)(?::(\d{1,5}))?$/i.exec(entry.trim())
  const port = match?.[2] === undefined ? undefined : Number(match[2])
  if (!match?.[1] || (port !== undefined && (port < 1 || port > 65_535))) {
    throw new Error(`"${entry}" is not a host name or host:port`)
  }
  const hostname = new URL(`http://${match[1]}`).hostname
  return port === undefined ? hostname : `${hostname}:${port}`
}

/** Whether `url` names a host the operator allowed, by name alone or by name and port. */
export function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return allowHosts.includes(url.hostname) || allowHosts.includes(`${url.hostname}:${port}`)
}
