/**
 * An error message as an operator reads it in the dashboard: the sentence that says what went
 * wrong, without what libraries append for developers (viem's `Details:`, `Version: viem@…`,
 * `Docs: https://…`, the request's arguments) and never a wall of text.
 */

/** The longest message a table cell shows; the rest is cut at a word with an ellipsis. */
export const SHOWN_MESSAGE_LIMIT = 160

/** Labels of the paragraphs and lines viem (and wagmi) add after the message itself. */
const APPENDIX =
  /^\s*(Details|Version|Docs|URL|Request body|Request Arguments|Raw Call Arguments|Contract Call|Estimate Gas Arguments|Meta messages):/i

export function readableErrorText(message: string): string {
  const lines: string[] = []
  for (const line of message.split('\n')) {
    // Everything from the first appendix on is for developers, whatever follows it.
    if (APPENDIX.test(line)) break
    lines.push(line)
  }
  const text = lines
    .join(' ')
    // Inline tails, when the message arrived flattened onto one line.
    .replace(/\s*\b(Details|Version|Docs|Request Arguments|URL):.*$/i, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (text === '') return message.trim() === '' ? '' : 'Unknown error'
  if (text.length <= SHOWN_MESSAGE_LIMIT) return text
  const cut = text.slice(0, SHOWN_MESSAGE_LIMIT - 1)
  const space = cut.lastIndexOf(' ')
  return `${space >= SHOWN_MESSAGE_LIMIT / 2 ? cut.slice(0, space) : cut}…`
}
