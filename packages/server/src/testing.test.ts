import { describe, expect, it } from 'vitest'
import * as entry from './testing.ts'

// The runtime names the test backends and the benchmarks build on. Listed so that this support grows
// only on purpose.
describe('@portico/server/testing exports', () => {
  it('are exactly the testing names', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'ChainIndexer',
      'SwapsOptions',
      'createScratchDatabase',
      'startChainServices',
      'startRefusingNode',
      'startRpcProxy',
    ])
  })
})
