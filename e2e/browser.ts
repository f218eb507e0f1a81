import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

/**
 * Debian's Chromium, never a downloaded build. The flags keep it from reaching for Google's
 * services, which this machine's closed network refuses.
 */
function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path))
    throw new Error(`Chromium not found at ${path} — apt-get install chromium or set CHROMIUM_PATH`)
  return path
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  })
}
