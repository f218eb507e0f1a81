import { useEffect, useState } from 'react'

/** How long a copy button says "Copied" before it offers to copy again. */
const COPIED_FOR_MS = 2_000

/**
 * Copies `text` on `copy()`: whether it was written is `copied` for two seconds, then the button
 * reads as before, so a second copy (another field, a changed code) is not met by a stale "Copied".
 * Clipboard access can be refused (permissions, an insecure origin): `copy` then resolves false.
 */
export function useCopied(text: string): { copied: boolean; copy: () => Promise<boolean> } {
  const [copiedText, setCopiedText] = useState<string>()
  useEffect(() => {
    if (copiedText === undefined) return
    const timer = setTimeout(() => setCopiedText(undefined), COPIED_FOR_MS)
    return () => clearTimeout(timer)
  }, [copiedText])
  const copy = async () => {
    const written = await (navigator.clipboard?.writeText(text) ?? Promise.reject()).then(
      () => true,
      () => false,
    )
    setCopiedText(written ? text : undefined)
    return written
  }
  return { copied: copiedText === text, copy }
}
