// Runs anvil for the process that started it (anvil.ts) and ends it when that process goes away,
// however it went. Linux's PR_SET_PDEATHSIG is out of Node's reach, but the parent holds this
// process's stdin, and the kernel closes that pipe when the parent dies, even by SIGKILL.
//
//   node anvil-watchdog.mjs <anvil binary> <anvil arguments…>
//
// anvil's pid goes out on fd 3; its output is relayed here, so anvil never writes to a pipe whose
// reader is gone while it saves the chain state on its way out.
import { spawn } from 'node:child_process'
import { writeSync } from 'node:fs'

const [binary, ...args] = process.argv.slice(2)
const anvil = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] })

// A parent that died closed these pipes too; the relay then has nobody to tell, and that is fine.
process.stdout.on('error', () => {})
process.stderr.on('error', () => {})
anvil.stdout.pipe(process.stdout)
anvil.stderr.pipe(process.stderr)

anvil.once('spawn', () => {
  try {
    writeSync(3, `${anvil.pid}\n`)
  } catch {
    // The parent is already gone; its closed stdin ends anvil below.
  }
})
anvil.once('error', (error) => {
  process.stderr.write(`error: could not start anvil: ${error.message}\n`)
  process.exit(1)
})

let ending = false
// SIGTERM, like SIGINT, makes anvil write its state before it exits.
const end = () => {
  if (ending) return
  ending = true
  anvil.kill('SIGTERM')
}
process.stdin.on('end', end)
process.stdin.on('error', end)
process.stdin.resume()
// Ctrl-C reaches anvil itself (same process group), and the parent then closes stdin.
process.on('SIGINT', () => {})
process.on('SIGTERM', end)
process.on('SIGHUP', end)

anvil.once('close', (code) => {
  process.exitCode = code ?? 1
  process.stdin.destroy()
})
