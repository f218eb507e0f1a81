// Icons for the demo's tokens, drawn here as small SVGs and handed to the services as data: URLs,
// so the page shows real icons without fetching anything from outside the machine.

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`

const diamond = (fill: string) =>
  `<path d="M16 5l6.5 11L16 20l-6.5-4z" fill="${fill}"/><path d="M16 21.5l6.5-4L16 27l-6.5-9.5z" fill="${fill}" opacity=".75"/>`

const letter = (text: string) =>
  `<text x="16" y="21.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="15" font-weight="700" fill="#fff">${text}</text>`

/** By symbol, as the services' `tokenIcons` option takes them. */
export const DEMO_TOKEN_ICONS: Readonly<Record<string, string>> = {
  ETH: svg(`<circle cx="16" cy="16" r="16" fill="#627EEA"/>${diamond('#fff')}`),
  WETH: svg(`<circle cx="16" cy="16" r="16" fill="#E0457B"/>${diamond('#fff')}`),
  USDC: svg(`<circle cx="16" cy="16" r="16" fill="#2775CA"/>${letter('$')}`),
  DAI: svg(`<circle cx="16" cy="16" r="16" fill="#F5AC37"/>${letter('D')}`),
}
