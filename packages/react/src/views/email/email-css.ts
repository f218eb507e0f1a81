import '../../components/alert-css.ts'
import { addViewCss } from '../../modal/view-css.ts'
import './email-field-css.ts'

/**
 * Styles of the e-mail login and approval pieces; importing this module adds them (with the e-mail
 * field's and the link button's) to the modal's <style>.
 */
addViewCss(`
.otp { display: flex; gap: 6px; justify-content: center; }
.otp input { width: 40px; height: 48px; text-align: center; font: inherit; font-size: 1.3em;
  color: var(--portico-fg); background: var(--portico-bg-raised); border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 3); }
.otp input:focus-visible { outline: 2px solid var(--portico-accent); }
.settings { align-self: stretch; text-align: left; }
.badge { display: inline-block; padding: 2px 8px; border-radius: 999px; font-size: 0.8em;
  border: 1px solid var(--portico-border); color: var(--portico-fg-muted); }
`)
