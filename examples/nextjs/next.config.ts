import type { NextConfig } from 'next'

const config: NextConfig = {
  // The server reads the Portico settings from process.env at request time, so one build runs
  // against any stack; nothing here is baked in.
  poweredByHeader: false,
}

export default config
