/**
 * The device share in the frame origin's IndexedDB (the dapp page, on another origin, cannot open
 * it), one record per project and wallet address. Each record carries its own AES-GCM key, made
 * non-extractable: IndexedDB keeps the CryptoKey as it is, usable for decrypting but its bytes
 * readable by no script, so the share never sits in storage as plain bytes.
 */
import type { ShareStore } from './custody.ts'

const DATABASE = 'portico-keys'
const SHARES = 'device-shares'
/** The device key (device-key.ts): one key pair, kept as non-extractable CryptoKeys. */
const DEVICE_KEY = 'device-key'
type StoreName = typeof SHARES | typeof DEVICE_KEY
const UNAVAILABLE =
  'This browser does not let the wallet keep its key on this device: it blocks storage for the Portico secure window, as private windows do. Open this page in a normal window, or allow third-party cookies for this site.'

interface StoredShare {
  key: CryptoKey
  iv: Uint8Array<ArrayBuffer>
  sealed: ArrayBuffer
}

let database: Promise<IDBDatabase> | undefined

function open(): Promise<IDBDatabase> {
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 2)
    request.onupgradeneeded = () => {
      for (const name of [SHARES, DEVICE_KEY])
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name)
    }
    request.onsuccess = () => {
      const opened = request.result
      // Another tab of this origin upgrading the database (a newer frame) closes this handle.
      opened.onversionchange = () => {
        opened.close()
        database = undefined
      }
      resolve(opened)
    }
    request.onerror = () => reject(new Error(UNAVAILABLE, { cause: request.error }))
  }).catch((error: unknown) => {
    database = undefined
    throw error
  })
  return database
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
  name: StoreName = SHARES,
): Promise<T> {
  const opened = await open()
  return new Promise<T>((resolve, reject) => {
    const transaction = opened.transaction(name, mode)
    const request = act(transaction.objectStore(name))
    transaction.oncomplete = () => resolve(request.result)
    transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error(UNAVAILABLE))
  })
}

const boundTo = (id: string) => new TextEncoder().encode(id)

/** The share, or undefined when this browser has none (evicted, another browser) or it no longer opens. */
async function readDeviceShare(id: string): Promise<Uint8Array | undefined> {
  const record = (await run('readonly', (store) => store.get(id))) as StoredShare | undefined
  if (!record) return undefined
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: record.iv, additionalData: boundTo(id) },
      record.key,
      record.sealed,
    )
    return new Uint8Array(plain)
  } catch {
    return undefined
  }
}

async function writeDeviceShare(id: string, share: Uint8Array): Promise<void> {
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(12))
  // Shares are made in this frame, on plain (never shared) ArrayBuffers.
  const plain = share as Uint8Array<ArrayBuffer>
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: boundTo(id) }, key, plain)
  await run('readwrite', (store) => store.put({ key, iv, sealed } satisfies StoredShare, id))
}

async function deleteDeviceShare(id: string): Promise<void> {
  await run('readwrite', (store) => store.delete(id))
}

export const deviceShares: ShareStore = {
  read: readDeviceShare,
  write: writeDeviceShare,
  delete: deleteDeviceShare,
}

const KEY_RECORD = 'current'

/** The device key pair kept for this browser, if one was made. */
export async function readDeviceKey(): Promise<CryptoKeyPair | undefined> {
  return (await run('readonly', (store) => store.get(KEY_RECORD), DEVICE_KEY)) as CryptoKeyPair | undefined
}

/** Keeps a new device key pair unless another tab kept one first: answers the pair to use. */
export async function keepDeviceKey(pair: CryptoKeyPair): Promise<CryptoKeyPair> {
  await run('readwrite', (store) => store.add(pair, KEY_RECORD), DEVICE_KEY).catch(() => undefined)
  const kept = await readDeviceKey()
  if (!kept) throw new Error(UNAVAILABLE)
  return kept
}
