/**
 * What a node's refusals mean. Providers word them differently (Alchemy: "query returned more than
 * 10000 results", Infura: "query returned more than 10000 results", QuickNode: "eth_getLogs is
 * limited to a 10,000 range", Geth: "block range", others -32005 "limit exceeded" or a timeout),
 * so the text is matched loosely; a refusal read as a plain failure would be retried at the same size.
 */
const RANGE_REFUSAL =
  /range|more than|too (large|many|big)|exceed|limit|timeout|timed out|10,?000 results|response size|-32005/i

/** The node refused the request as too large (range, result count, time): ask for less. */
export function isRangeRefusal(error: unknown): boolean {
  return codeOf(error) === -32005 || RANGE_REFUSAL.test(messageOf(error))
}

const UNSUPPORTED =
  /method\b.*\b(not found|not supported|does not exist|not available|is disabled)|unsupported method|unknown method|not (supported|enabled)\b/i

/** The node does not offer the method (a node without traces answers -32601 or words it so). */
export function isUnsupported(error: unknown): boolean {
  const code = codeOf(error)
  return code === -32601 || code === -32004 || UNSUPPORTED.test(messageOf(error))
}

function codeOf(error: unknown): number | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'number' && code < 0) return code
  }
  return undefined
}

function messageOf(error: unknown): string {
  const parts: string[] = []
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    parts.push(cause.message, (cause as { details?: string }).details ?? '')
  }
  return parts.join(' ')
}
