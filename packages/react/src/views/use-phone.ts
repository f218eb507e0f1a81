import { useSyncExternalStore } from 'react'

/** A touch screen or a phone-sized one: where browser extensions are not a thing to suggest. */
const PHONE_QUERY = '(pointer: coarse), (max-width: 430px)'

function subscribePhone(onChange: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {}
  const query = matchMedia(PHONE_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const isPhone = () => typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches

export function usePhone(): boolean {
  return useSyncExternalStore(subscribePhone, isPhone, () => false)
}
