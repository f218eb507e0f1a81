/**
 * Text a token contract or a token URI chose for itself, made safe to store and show. Names and
 * symbols are anyone's: a NUL is refused by Postgres (and would stop the indexer), control and
 * bidirectional-override characters make a name read as something else, and a 20,000-character
 * name floods every answer it is in.
 */

/** Characters kept of a token or NFT name: longer than any real token's, short enough for a row in a list. */
export const NAME_LIMIT = 64
/** Characters kept of a token symbol: real symbols are a few letters. */
export const SYMBOL_LIMIT = 32
/** Characters of an NFT image URL kept; on-chain SVG data URLs fit, a flood does not (longer: no image). */
const IMAGE_URL_LIMIT = 32_768

// C0 and C1 controls (NUL included), the bidirectional embeddings, overrides and isolates, the
// zero-width characters and the byte-order mark, and lone surrogates (not encodable as UTF-8).
// `\p{Cc}` is C0, DEL and C1; in a `u` expression `\p{Cs}` matches only unpaired surrogate halves.
const UNSAFE = /[\p{Cc}\p{Cs}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu')

/**
 * `text` without unsafe characters (line breaks and tabs become spaces, the rest go, so that
 * `US\u200bDC` reads as what it showed: `USDC`), with runs of whitespace made one space, trimmed,
 * and cut to `limit` characters (code points, so a character is never split in two).
 */
function cleanTokenText(text: string, limit: number): string {
  const clean = text
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/gu, ' ')
    .replace(UNSAFE_ALL, '')
    .replace(/\s+/gu, ' ')
    .trim()
  const characters = Array.from(clean)
  return characters.length <= limit ? clean : characters.slice(0, limit).join('').trimEnd()
}

export const cleanName = (name: string): string => cleanTokenText(name, NAME_LIMIT)
export const cleanSymbol = (symbol: string): string => cleanTokenText(symbol, SYMBOL_LIMIT)

/** An image URL as given, or null when it holds unsafe characters or is too long to be an image. */
export function cleanImageUrl(url: string): string | null {
  if (UNSAFE.test(url) || url.length > IMAGE_URL_LIMIT) return null
  return url
}
