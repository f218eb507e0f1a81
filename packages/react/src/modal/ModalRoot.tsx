import type { Portico } from '@portico/core'
import { FRAME_PLACE } from '@portico/core/internal'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { Modal } from './Modal.tsx'
import { themeCss } from './styles.ts'
import { Toast } from './Toast.tsx'
import { useViewCss } from './view-css.ts'

/**
 * The modal renders into a shadow root on its own host element, so the page's CSS cannot reach it
 * and its CSS cannot leak out. Created after hydration: the server render never contains it.
 */
export function ModalRoot({ portico }: { portico: Portico }) {
  const [root, setRoot] = useState<ShadowRoot>()
  const texts = useViewCss()
  useEffect(() => {
    const host = document.createElement('div')
    host.setAttribute(FRAME_PLACE.host, '')
    const shadow = host.attachShadow({ mode: 'open' })
    document.body.append(host)
    setRoot(shadow)
    return () => host.remove()
  }, [])
  if (!root) return null
  return createPortal(
    <>
      <style>{themeCss(portico.options) + texts.join('')}</style>
      <Toast portico={portico} />
      <Modal portico={portico} root={root} />
    </>,
    root,
  )
}
