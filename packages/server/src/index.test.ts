import { describe, expect, it } from 'vitest'
import * as entry from './index.ts'

// The runtime names of `@portico/server` for those who run the services from code. A name added or
// removed here changes what they can rely on, so it must show in review.
describe('@portico/server exports', () => {
  it('are exactly the public names', () => {
    expect(Object.keys(entry).sort()).toEqual([
      'ProjectInputError',
      'SOCIAL_CALLBACK_PATH',
      'SiwxErrorText',
      'UnknownProjectError',
      'addOrigin',
      'buildServer',
      'createProject',
      'ensureProject',
      'getProject',
      'iconTableFromEnv',
      'listProjects',
      'metadataOptionsFromEnv',
      'normaliseOrigin',
      'onrampSettingsFromEnv',
      'openDatabase',
      'priceTableFromEnv',
      'readTokenList',
      'rpcUpstreamsFromEnv',
      'serverModules',
      'socialSettingsFromEnv',
      'sponsorLimitsFromEnv',
      'startServer',
      'trustProxyFromEnv',
    ])
  })
})
