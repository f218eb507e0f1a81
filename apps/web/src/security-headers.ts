import { createHash } from 'node:crypto'
import type { FastifyHelmetOptions } from '@fastify/helmet'
import { EARLY_CLICK_SCRIPT } from '@portico/react'
import type { PageConfig } from './page-config.ts'

/** The CSP source that allows exactly this inline script, and no other. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source).digest('base64')}'`
}

/**
 * Helmet's headers for the page. The policy names what the page needs and nothing more: its own
 * scripts plus the one inline boot script (by hash, so the HTML stays the same for every visitor;
 * the JSON state scripts are never executed), the services (API calls, the secure frame, the
 * WalletConnect relay) and the
 * chain's RPC endpoint. No site may frame the page: clickjacking the Connect button or a signing
 * prompt is what `frame-ancestors 'none'` and `X-Frame-Options: DENY` refuse.
 */
export function securityHeaders(config: PageConfig): FastifyHelmetOptions {
  const services = new URL(config.servicesUrl).origin
  const rpc = new URL(config.rpcUrl).origin
  // The services' WalletConnect relay is a WebSocket on their origin (`/v1/wc-relay`).
  const relay = services.replace(/^http/, 'ws')
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", scriptHash(EARLY_CLICK_SCRIPT)],
        // The page's own <style> and the modal's, which it builds at runtime inside its shadow
        // root from the theme options: no fixed hash can cover that one (docs/security.md,
        // "Headers around the modal").
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Token, NFT and wallet icons: data: URLs, or https: as the services hand them out.
        imgSrc: ["'self'", 'data:', 'https:', services],
        connectSrc: ["'self'", services, relay, rpc],
        frameSrc: [services],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    // Helmet's `same-origin` would cut every window the page opens from it as soon as it leaves the
    // page's origin: the social login's popup and the on-ramp's checkout would look closed at once.
    // The page still refuses a relation with any window that opens it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // The services already learn the page's origin from Origin; paths and queries stay here.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS policy for the whole domain is for whoever terminates TLS in front of the page.
    strictTransportSecurity: false,
  }
}
