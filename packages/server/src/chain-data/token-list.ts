import { readFileSync } from 'node:fs'
import { z } from 'zod'

/**
 * Which tokens the operator vouches for, by chain id and address: a token list in the Uniswap
 * token-lists format (tokenlists.org). A token's own `symbol()` is anyone's to choose, so prices,
 * icons and the "verified" mark follow the address on the list, never the symbol a contract reports.
 */
export const ListedToken = z.object({
  chainId: z.number().int().positive(),
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'token addresses must be 0x and 40 hex digits')
    .transform((value) => value.toLowerCase()),
  symbol: z.string().min(1),
  name: z.string(),
  decimals: z.number().int().min(0).max(255),
  // Icons the modal can show (http(s) and data:image); any other (ipfs://…) is left out, not refused.
  logoURI: z
    .string()
    .optional()
    .transform((url) => (url && /^(https?:\/\/|data:image\/)/i.test(url) ? url : undefined)),
})
type ListedToken = z.output<typeof ListedToken>

const TokenList = z.looseObject({
  name: z.string(),
  timestamp: z.string(),
  version: z.object({ major: z.number(), minor: z.number(), patch: z.number() }),
  tokens: z.array(ListedToken),
})

/** The tokens of the token list at `path` (`PORTICO_TOKEN_LIST`); a clear error when it is unreadable. */
export function readTokenList(path: string): ListedToken[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new Error(
      `PORTICO_TOKEN_LIST: cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(`PORTICO_TOKEN_LIST: ${path} is not JSON`)
  }
  const result = TokenList.safeParse(json)
  if (!result.success) {
    const issue = result.error.issues[0]
    throw new Error(
      `PORTICO_TOKEN_LIST: ${path} is not a token list (tokenlists.org): ${issue?.path.join('.')} ${issue?.message}`,
    )
  }
  return result.data.tokens
}

const byChain = new WeakMap<readonly ListedToken[], Map<string, ListedToken>>()

/** The list's entry for the token at `address` on `chainId`, if the list has it. */
export function listedToken(
  list: readonly ListedToken[],
  chainId: number,
  address: string,
): ListedToken | undefined {
  let index = byChain.get(list)
  if (!index) {
    index = new Map(list.map((token) => [`${token.chainId}:${token.address}`, token]))
    byChain.set(list, index)
  }
  return index.get(`${chainId}:${address.toLowerCase()}`)
}
