import { addViewCss } from '../../modal/view-css.ts'

/** Connect's own rules; importing this module adds them to the modal's <style>. */
addViewCss(`
.connect-methods { border: 0; margin: 0; padding: 0; min-width: 0; }
.connect-methods:disabled { opacity: 0.5; }
`)
