import { ANIMATION_MS, FRAME_PLACE, MODAL_DEFAULTS, type ResolvedOptions } from '@portico/core/internal'

export const ACCENT_FILL = '#1d64d8'

/** Theme tokens as CSS custom properties; a host's themeVariables override the defaults. */
export function themeCss(options: ResolvedOptions): string {
  const vars = options.themeVariables ?? {}
  const dark = options.themeMode !== 'light'
  const tokens: Record<string, string | number> = {
    '--portico-accent': vars['--portico-accent'] ?? '#3396ff',
    // White on the accent itself is 3:1; filled buttons need 4.5:1 (WCAG AA), so they get a deeper
    // blue unless the host chose its own accent.
    '--portico-accent-fill': vars['--portico-accent-fill'] ?? vars['--portico-accent'] ?? ACCENT_FILL,
    // Accent-coloured text (links, the Recent badge) needs 4.5:1 on the background: the light accent
    // on the dark theme, the deeper fill on the light one.
    '--portico-accent-text': dark
      ? (vars['--portico-accent'] ?? '#3396ff')
      : (vars['--portico-accent-fill'] ?? vars['--portico-accent'] ?? ACCENT_FILL),
    '--portico-font-family': vars['--portico-font-family'] ?? MODAL_DEFAULTS.fontFamily,
    '--portico-font-size-master': vars['--portico-font-size-master'] ?? MODAL_DEFAULTS.fontSizeMaster,
    '--portico-border-radius-master': vars['--portico-border-radius-master'] ?? MODAL_DEFAULTS.borderRadius,
    '--portico-z-index': vars['--portico-z-index'] ?? MODAL_DEFAULTS.zIndex,
    '--portico-bg': dark ? '#191a1a' : '#ffffff',
    '--portico-bg-raised': dark ? '#252627' : '#f3f3f3',
    '--portico-fg': dark ? '#e4e7e7' : '#141414',
    '--portico-fg-muted': dark ? '#9a9e9e' : '#6b6b6b',
    '--portico-border': dark ? 'rgba(255,255,255,0.10)' : 'rgba(0,0,0,0.10)',
    '--portico-error': dark ? '#f25a67' : '#d52b3c',
    '--portico-success': dark ? '#26d962' : '#13a34a',
  }
  const declarations = Object.entries(tokens)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ')
  return `:host { ${declarations} }\n${BASE_CSS}`
}

const BASE_CSS = `
:host { all: initial; font-family: var(--portico-font-family); color: var(--portico-fg); }
* { box-sizing: border-box; }
/* No browser-default margins inside the modal (40 px between a title and its subtitle): the
   containers' gaps set the rhythm. :where() keeps this at zero specificity, so any rule of a view wins. */
:where(.backdrop, .toast) :where(p, h1, h2, h3, h4, h5, h6, ul, ol, dl, dd, figure, pre, blockquote) { margin: 0; }
/* The page styles the host element and outranks :host, so a reset such as div { font: inherit }
   would reach in through it: the modal's own roots set their type themselves. */
.backdrop, .toast, .live {
  font-family: var(--portico-font-family); font-weight: 400; font-style: normal;
  line-height: 1.4; letter-spacing: normal; word-spacing: normal; text-transform: none;
  text-align: left; color: var(--portico-fg);
}
.backdrop {
  position: fixed; inset: 0; z-index: var(--portico-z-index);
  /* A page wider than a phone's screen (a long name in its header, a wide table) stretches the layout
     viewport that inset: 0 spans; the viewport units keep the modal on the screen the visitor sees. */
  max-width: 100vw; max-height: 100vh; max-height: 100dvh;
  /* Anchored at the top, not centred: a view of another height moves the card's bottom edge only. */
  display: flex; align-items: flex-start; justify-content: center; padding: max(16px, 10vh) 8px 16px;
  background: rgba(0,0,0,0.55); animation: dim ${ANIMATION_MS.view}ms ease-out;
  overscroll-behavior: contain;
}
/* Never taller than the screen: the header stays, the body scrolls. */
.card {
  display: flex; flex-direction: column; max-height: 100%;
  width: ${MODAL_DEFAULTS.width}px; max-width: 100%;
  background: var(--portico-bg); color: var(--portico-fg);
  border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 8);
  font-size: calc(var(--portico-font-size-master) * 1.4);
  box-shadow: 0 12px 48px rgba(0,0,0,0.45); overflow: hidden;
  animation: card-in ${ANIMATION_MS.view}ms ease-out;
}
.card.shake { animation: shake ${ANIMATION_MS.shake}ms cubic-bezier(.36,.07,.19,.97) both; }
.header { display: grid; grid-template-columns: 44px 1fr 44px; align-items: center; padding: 12px 12px 4px;
  flex: none; min-height: 52px; }
@media (pointer: coarse) { .header { min-height: 60px; } }
.title { margin: 0; }
.title { text-align: center; font-weight: 600; font-size: calc(var(--portico-font-size-master) * 1.6);
  animation: fade ${ANIMATION_MS.headerText}ms ease-out; }
.icon-button {
  width: 36px; height: 36px; border-radius: calc(var(--portico-border-radius-master) * 3);
  border: none; background: transparent; color: var(--portico-fg-muted); cursor: pointer; padding: 0;
  display: inline-flex; align-items: center; justify-content: center; flex: none;
}
.icon { display: block; flex: none; }
.icon-button:hover { background: var(--portico-bg-raised); color: var(--portico-fg); }
.body-outer { transition: height ${ANIMATION_MS.modalHeight}ms ease; overflow: hidden auto; min-height: 0;
  flex: 0 1 auto; overscroll-behavior: contain; }
.body { padding: 8px 16px 20px; }
/* The secure frame drawn over the body (the embedded wallet's approvals, passkey and export steps):
   the body makes room for all of it, the view under it steps aside, and the frame's own heading is
   the one title on the card (the hidden one still names the dialog). */
.body-outer[${FRAME_PLACE.shown}] > .body { min-height: var(${FRAME_PLACE.height}); }
.body-outer[${FRAME_PLACE.shown}] > .body > * { visibility: hidden; }
.card:has(.body-outer[${FRAME_PLACE.shown}]) .title { visibility: hidden; }
.view.forward { animation: slide-in ${ANIMATION_MS.view}ms ease-out; }
.view.back { animation: slide-back ${ANIMATION_MS.view}ms ease-out; }
.list { display: flex; flex-direction: column; gap: 8px; margin: 0; padding: 0; list-style: none; }
.row-button {
  width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px;
  border: 1px solid transparent; border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-bg-raised); color: var(--portico-fg); cursor: pointer;
  font: inherit; font-weight: 500; text-align: left;
}
.row-button:hover { border-color: var(--portico-border); }
/* A phone's wallet rows are links (the deep link opens inside the tap). */
a.row-button { text-decoration: none; }
/* Up to two lines before an ellipsis: "Base (formerly Coinbase Wallet)" reads whole. */
.row-button .label { flex: 1; min-width: 0; overflow: hidden; display: -webkit-box; -webkit-box-orient: vertical;
  -webkit-line-clamp: 2; line-clamp: 2; overflow-wrap: anywhere; }
.row-button .chevron { color: var(--portico-fg-muted); }
/* Installed / Recent: a pill on the row, as the peers mark them. */
.pill { flex: none; padding: 2px 8px; border-radius: 999px; font-size: 0.8em; font-weight: 600; line-height: 1.4;
  background: var(--portico-bg); color: var(--portico-fg-muted); border: 1px solid var(--portico-border); }
.pill.recent { color: var(--portico-accent-text); }
.wallet-sections { display: flex; flex-direction: column; gap: 16px; }
.wallet-group { display: flex; flex-direction: column; gap: 8px; }
.section-label { font-size: 0.85em; font-weight: 600; color: var(--portico-fg-muted); padding: 0 4px; }
/* "or" between the e-mail field and the wallets, a rule either side. */
.divider { display: flex; align-items: center; gap: 12px; color: var(--portico-fg-muted); font-size: 0.85em; }
.divider::before, .divider::after { content: ''; flex: 1; height: 1px; background: var(--portico-border); }
/* No wallet: its own quiet panel, apart from the e-mail field above it. */
.no-wallet { padding: 16px 12px; border: 1px dashed var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 4); }
.new-to-wallets { text-align: center; font-size: 0.9em; }
.new-to-wallets a { display: inline-flex; align-items: center; gap: 4px; min-height: 44px; }
.empty-icon { width: 48px; height: 48px; border-radius: 50%; display: inline-flex; align-items: center;
  justify-content: center; background: var(--portico-bg-raised); color: var(--portico-fg-muted); }
.wallet-image { width: 40px; height: 40px; border-radius: calc(var(--portico-border-radius-master) * 3);
  background: var(--portico-bg); object-fit: cover; flex: none; display: inline-flex;
  align-items: center; justify-content: center; font-weight: 700; }
.wallet-image.large { width: 72px; height: 72px; font-size: 1.6em; }
/* Light letters on a deep tile of the wallet's own hue: readable on the dark and the light theme. */
.wallet-image.monogram { color: #fff; letter-spacing: 0.02em; }
.primary, .secondary { display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  text-decoration: none; }
.primary { width: 100%; min-height: 40px; border: none; border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-accent-fill); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
.secondary { width: 100%; min-height: 40px; border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 4); background: transparent;
  color: var(--portico-fg); font: inherit; font-weight: 600; cursor: pointer; }
a { color: var(--portico-accent-text); }
button:focus-visible, a:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.card:focus, .title:focus { outline: none; }
.title:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; border-radius: 4px; }
.center { display: flex; flex-direction: column; align-items: center; gap: 12px; text-align: center; }
/* A line followed by a muted one is its title: set in weight, with the subtitle 6 px under it. */
:is(.center, .stack) > p:not(.muted, .error):has(+ p.muted) { font-weight: 600; }
:is(.center, .stack) > p:not(.muted) + p.muted { margin-top: -6px; }
.loading-view { justify-content: center; }
.muted { color: var(--portico-fg-muted); }
.error { color: var(--portico-error); }
.group-title { margin: 12px 0 6px; font-size: 0.85em; color: var(--portico-fg-muted); font-weight: 600; }
.stack { display: flex; flex-direction: column; gap: 12px; }
.address-line { display: inline-flex; align-items: center; gap: 6px; font-weight: 600; font-size: 1.2em; }
.balance { font-size: 1.1em; color: var(--portico-fg-muted); }
.toast {
  position: fixed; top: 16px; left: min(50%, 50vw); transform: translateX(-50%);
  z-index: calc(var(--portico-z-index) + 1); display: flex; align-items: center; gap: 8px;
  padding: 8px 14px; border-radius: 999px; background: var(--portico-bg-raised);
  border: 1px solid var(--portico-border); color: var(--portico-fg);
  font-size: 14px; animation: fade ${ANIMATION_MS.view}ms ease-out;
  /* A sentence-long error wraps on a phone instead of running off both edges. */
  width: max-content; max-width: calc(100vw - 24px);
}
.toast-icon { display: inline-flex; flex: none; }
.toast.success .toast-icon { color: var(--portico-success); }
.toast.error .toast-icon { color: var(--portico-error); }
.toast .spinner { width: 16px; height: 16px; border-width: 2px; }
.spinner { width: 24px; height: 24px; border-radius: 50%; border: 3px solid var(--portico-border);
  border-top-color: var(--portico-accent); animation: spin 800ms linear infinite; }
/* Inside a busy primary button. */
.spinner.small { width: 16px; height: 16px; border-width: 2px; border-color: rgba(255,255,255,0.35);
  border-top-color: #fff; }
/* Content fades in from 40 %, never from nothing: what the visitor clicked for is readable in the
   first frame, and the motion of behaviour §2 still plays. The backdrop fades its dimming
   only, not the card inside it. */
@keyframes dim { from { background-color: rgba(0,0,0,0); } }
@keyframes card-in { from { opacity: 0.4; transform: translateY(8px); } }
@keyframes fade { from { opacity: 0.4; } to { opacity: 1; } }
@keyframes slide-in { from { opacity: 0.4; transform: translateX(12px); } to { opacity: 1; transform: none; } }
@keyframes slide-back { from { opacity: 0.4; transform: translateX(-12px); } to { opacity: 1; transform: none; } }
@keyframes spin { to { transform: rotate(360deg); } }
@keyframes shake {
  10%, 90% { transform: translateX(-1px); } 20%, 80% { transform: translateX(2px); }
  30%, 50%, 70% { transform: translateX(-4px); } 40%, 60% { transform: translateX(4px); }
}
/* Phones: a bottom sheet, as the peers show it. */
@media (max-width: 430px) {
  .backdrop { align-items: flex-end; padding: 24px 0 0; }
  .card { width: 100%; border-radius: calc(var(--portico-border-radius-master) * 6)
    calc(var(--portico-border-radius-master) * 6) 0 0; border-bottom: none;
    padding-bottom: env(safe-area-inset-bottom); }
}
/* A short screen (a phone held sideways): the card takes nearly all of the height. */
@media (max-height: 500px) {
  .backdrop { padding-top: 8px; padding-bottom: 8px; }
}
/* Touch: 44-px targets, and 16-px inputs, which iOS does not zoom into. */
@media (pointer: coarse) {
  .icon-button { width: 44px; height: 44px; }
  .primary, .secondary, .row-button { min-height: 44px; }
  /* Above the views' own rules (.text-input, .field input), which load after this sheet. */
  .backdrop .text-input, .backdrop .field input, .backdrop .field select { font-size: 16px; }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation: none !important; transition: none !important; }
  /* Still plainly at work without motion: a full dotted ring, not an arc frozen mid-turn, and the
     placeholder of a loading view says what it is waiting for. */
  .spinner { border-style: dotted; border-color: var(--portico-accent); }
  .loading-view::after { content: 'Loading…'; color: var(--portico-fg-muted); }
}
`
