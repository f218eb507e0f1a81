import { addViewCss } from '../modal/view-css.ts'

/**
 * The embedded wallet's alert banner and the link-styled button it shares with the e-mail views: in
 * the first download with the modal, which shows the banner over any view.
 */
addViewCss(`
.link-button { border: none; background: none; color: var(--portico-accent); font: inherit; cursor: pointer; padding: 0; }
.link-button:disabled { color: var(--portico-fg-muted); cursor: default; }
/* A finger needs 44 px whatever a link-styled button's text measures (Resend, Choose a name, …). */
@media (pointer: coarse) { .link-button { min-height: 44px; padding: 0 8px; } }
.alert-banner { margin: 0 16px 8px; padding: 8px 12px; border-radius: calc(var(--portico-border-radius-master) * 3);
  background: rgba(242,90,103,0.12); border: 1px solid var(--portico-error); font-size: 0.9em; }
.alert-banner strong { display: block; color: var(--portico-error); }
`)
