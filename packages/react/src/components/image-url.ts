/**
 * Token icons and NFT previews come from the services, which read them from token metadata that
 * anyone can deploy. Only data: images and http(s) URLs reach an <img src>; `javascript:` and
 * other schemes, or anything unparsable, show the monogram instead.
 */
export function safeImageUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined
  const trimmed = url.trim()
  if (/^data:image\//i.test(trimmed)) return trimmed
  try {
    const { protocol } = new URL(trimmed)
    return protocol === 'https:' || protocol === 'http:' ? trimmed : undefined
  } catch {
    return undefined
  }
}
