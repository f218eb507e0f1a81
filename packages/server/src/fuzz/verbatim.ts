/**
 * Parts of a fuzzed request written out exactly as given, past JSON.stringify and percent-encoding:
 * values.ts makes them, request.ts writes them.
 */

/** JSON text placed as it is where a value would go: what JSON.stringify cannot write (1e999, 10,000 levels). */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text.length > 40 ? `RawJson(${this.text.slice(0, 20)}…${this.text.length} chars)` : this.text
  }
}

/** A URL part written exactly as given (latin1 bytes): invalid percent-escapes, raw bytes, NUL. */
export interface Wire {
  wire: string
}
export type UrlValue = string | Wire
