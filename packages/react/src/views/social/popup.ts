/**
 * The social login's popup window. It must be opened in the click's own handler (browsers block a
 * window opened later, after an await), before the frame has the provider's URL: so the button opens
 * it blank and leaves it here, and ConnectingSocial points it at the URL once the frame answers.
 */
let current: Window | undefined

const WIDTH = 480
const HEIGHT = 640

/** Opens (or reuses) the blank popup, centred over the page; undefined when the browser blocked it. */
export function openSocialPopup(): Window | undefined {
  const left = Math.max(0, window.screenX + (window.outerWidth - WIDTH) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - HEIGHT) / 2)
  current =
    window.open('', 'portico-social', `popup,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`) ??
    undefined
  return current
}

/**
 * The popup the last click opened. Not handed over once: the modal may mount a view twice (its
 * transition), and each mount must find the same window.
 */
export const socialPopup = (): Window | undefined => current
