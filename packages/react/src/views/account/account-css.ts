import { addViewCss } from '../../modal/view-css.ts'

/**
 * Styles of the account views; importing this module adds them to the modal's <style>. They ship
 * with the lazy account chunk instead of the first-paint theme, and use the same theme tokens.
 */
addViewCss(`
.account-header { display: flex; flex-direction: column; align-items: center; gap: 4px; text-align: center; }
.account-header .identicon { margin-bottom: 4px; }
.identicon { display: inline-block; flex: none; border-radius: 50%; overflow: hidden;
  box-shadow: 0 0 0 1px var(--portico-border); }
.identicon svg { display: block; }
.portfolio { font-size: 2.2em; font-weight: 600; line-height: 1.2; letter-spacing: -0.01em; }
.network-pill { display: inline-flex; gap: 6px; align-items: center; margin-top: 4px; padding: 3px 10px 3px 4px;
  border-radius: 999px; background: var(--portico-bg-raised); color: var(--portico-fg-muted); font-size: 0.85em; }
/* The network's initial in the accent's fill: white on it is 4.5:1 (styles.ts). */
.chain-icon { display: inline-flex; align-items: center; justify-content: center; flex: none; border-radius: 50%;
  background: var(--portico-accent-fill); color: #fff; font-size: 0.75em; font-weight: 700; line-height: 1; }
/* Equal columns however many features are on, each no wider than its share: the icon above a label
   that ellipsizes rather than pushing the last button past the card's edge. Two by two below 360 px. */
.features { display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); gap: 8px; }
.features .secondary { flex-direction: column; gap: 4px; min-width: 0; padding: 8px 4px; }
.features .feature-label { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
@media (max-width: 359px) {
  .features { grid-auto-flow: row; grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
.features .icon { color: var(--portico-fg-muted); }
.tablist { display: flex; gap: 4px; padding: 4px; border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-bg-raised); }
.tab { flex: 1; min-height: 32px; border: none; border-radius: calc(var(--portico-border-radius-master) * 3);
  background: transparent; color: var(--portico-fg-muted); font: inherit; font-weight: 600; cursor: pointer; }
@media (pointer: coarse) { .tab { min-height: 44px; } }
.tab[aria-selected="true"] { background: var(--portico-bg); color: var(--portico-fg); }
/* No scroller of its own: the card's body is the one scroll area, the tabs held at its top while a
   long Activity scrolls under them. */
.tablist { position: sticky; top: 0; z-index: 1; }
.empty-wallet { padding: 12px 0; }
.empty-wallet-actions { width: 100%; }
.empty-wallet-actions > * { flex: 1; }
.token-row { display: flex; align-items: center; gap: 10px; padding: 8px 4px; }
.token-row .name { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.token-row .amounts { display: flex; flex-direction: column; align-items: flex-end; }
.clip { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.token-icon { border-radius: 50%; flex: none; object-fit: cover; background: var(--portico-bg-raised); }
.token-icon.monogram { display: inline-flex; align-items: center; justify-content: center; font-weight: 700;
  font-size: 0.85em; }
.nft-grid { display: grid; grid-template-columns: repeat(2, 1fr); gap: 8px; list-style: none; margin: 0; padding: 0; }
.nft-grid figure { margin: 0; display: flex; flex-direction: column; gap: 4px; }
.nft-grid img, .nft-grid .token-icon { width: 100%; height: auto; aspect-ratio: 1; border-radius: 8px; }
.activity-row { display: flex; align-items: center; gap: 10px; padding: 8px 4px; }
.activity-images { position: relative; width: 40px; height: 40px; flex: none; }
.activity-images > * { position: absolute; }
.activity-images > :nth-child(2) { right: -4px; bottom: -4px; }
.operation-icon { width: 36px; height: 36px; border-radius: 50%; display: inline-flex; align-items: center;
  justify-content: center; background: var(--portico-bg-raised); color: var(--portico-fg-muted); }
.loading { padding: 12px 0; }
.account-name { font-weight: 600; font-size: 1.2em; text-align: center; max-width: 100%;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.account-header { min-width: 0; max-width: 100%; }
/* A short screen (a phone held sideways): the picture beside a few lines, so the features and the
   tabs show without scrolling. */
@media (max-height: 500px) {
  .account-header { display: grid; grid-template-columns: auto minmax(0, 1fr); column-gap: 12px; row-gap: 0;
    align-items: center; justify-items: start; text-align: left; }
  .account-header .identicon { grid-row: 1 / span 5; align-self: center; width: 48px !important;
    height: 48px !important; margin: 0; }
  .account-header .identicon svg { width: 48px; height: 48px; }
  .account-header .portfolio { font-size: 1.5em; }
  .account-header .network-pill { margin-top: 2px; }
  .account-view { gap: 8px; }
}
.account-name + .address-line { font-size: 0.95em; font-weight: 400; color: var(--portico-fg-muted); }
.field { display: flex; flex-direction: column; gap: 4px; text-align: left; }
.field input, .field select { min-height: 40px; padding: 0 10px; font: inherit; color: var(--portico-fg);
  background: var(--portico-bg-raised); border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 3); }
.field input:focus-visible, .field select:focus-visible { outline: 2px solid var(--portico-accent); }
/* The modal's field with its own chevron, not the browser's grey box; the list that opens is the
   system's, which on a phone is the picker the visitor knows. */
.field select { appearance: none; -webkit-appearance: none; padding-right: 32px; cursor: pointer;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='12' viewBox='0 0 12 12'%3E%3Cpath d='M2 4l4 4 4-4' fill='none' stroke='%239a9e9e' stroke-width='1.6' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E");
  background-repeat: no-repeat; background-position: right 12px center; }
.field select:disabled { cursor: not-allowed; opacity: 0.7; }
.row { display: flex; gap: 8px; align-items: center; }
.qr { border-radius: 12px; }
.break { word-break: break-all; }
`)
