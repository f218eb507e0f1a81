// Our npm registry mirror serves only the platform builds this machine uses, so `npm install`
// leaves the other platforms' optional packages out of package-lock.json and `npm ci` then refuses
// the lock as out of sync (npm/cli#4828, #9342). This adds a record for each missing optional
// platform package, with the os/cpu/libc its name declares, so `npm ci` skips it as unsupported
// instead of failing. Run after every `npm install` that changes the lock: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs'

const LOCK = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(LOCK, 'utf8'))
const packages = lock.packages

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'cygwin',
]
const CPU = {
  x64: 'x64',
  amd64: 'x64',
  arm64: 'arm64',
  aarch64: 'arm64',
  arm: 'arm',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  mips64el: 'mips64el',
}

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os =
    parts.find((part) => OS.includes(part)) ??
    (parts.includes('win') ? 'win32' : parts.includes('macos') ? 'darwin' : undefined)
  const cpu = parts.map((part) => CPU[part]).find(Boolean)
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : parts.includes('gnu') || parts.includes('gnueabihf')
        ? 'glibc'
        : undefined
  return { os, cpu, libc }
}

let added = 0
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`
    if (packages[nested] || packages[`node_modules/${dep}`]) continue
    const { os, cpu, libc } = platformOf(dep)
    if (!os && !cpu) continue
    packages[`node_modules/${dep}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    }
    added++
  }
}
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lock:platforms: recorded ${added} optional platform packages`)
