import { expect, test } from 'vitest'
import { ChainOptions, iconTableFromEnv, metadataOptionsFromEnv, priceTableFromEnv } from './config.ts'

function config(extra: object) {
  return ChainOptions.parse({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337, ...extra })
}

test('an icon that is not an http(s) or data:image URL is refused when the services start', () => {
  expect(() => config({ tokenIcons: { USDC: 'javascript:alert(1)' } })).toThrow(
    'icons must be http(s) or data:image URLs',
  )
  expect(() => config({ tokenIcons: { USDC: 'data:text/html,<b>x</b>' } })).toThrow()
})

test('the environment tables say what is wrong with them, and unset means the defaults', () => {
  expect(priceTableFromEnv(undefined)).toBeUndefined()
  expect(iconTableFromEnv(' ')).toBeUndefined()
  expect(iconTableFromEnv('{"usdc":"https://icons.example/u.svg"}')).toEqual({
    USDC: 'https://icons.example/u.svg',
  })
  expect(() => iconTableFromEnv('{usdc}')).toThrow('PORTICO_TOKEN_ICONS must be JSON')
  expect(() => iconTableFromEnv('{"USDC":"ftp://x"}')).toThrow('PORTICO_TOKEN_ICONS: icons must be http(s)')
  expect(() => priceTableFromEnv('{"USDC":-1}')).toThrow('PORTICO_PRICES:')
})

test('token URIs are read through the public gateways and from no private host unless told otherwise', () => {
  expect(config({}).metadata).toEqual({
    ipfsGateway: 'https://ipfs.io/ipfs/',
    arweaveGateway: 'https://arweave.net/',
    allowHosts: [],
  })
  expect(
    config({
      metadata: {
        ipfsGateway: 'http://localhost:8080/ipfs',
        arweaveGateway: null,
        allowHosts: ['LocalHost:8080'],
      },
    }).metadata,
  ).toEqual({
    ipfsGateway: 'http://localhost:8080/ipfs/',
    arweaveGateway: null,
    allowHosts: ['localhost:8080'],
  })
  expect(() => config({ metadata: { ipfsGateway: 'ftp://gateway.example/' } })).toThrow(
    'gateways must be http(s)',
  )
  expect(() => config({ metadata: { allowHosts: ['http://localhost'] } })).toThrow(
    'not a host name or host:port',
  )
})

test('the metadata variables: a gateway URL or off, and comma-separated hosts; unset means the defaults', () => {
  expect(metadataOptionsFromEnv({})).toEqual({
    ipfsGateway: 'https://ipfs.io/ipfs/',
    arweaveGateway: 'https://arweave.net/',
    allowHosts: [],
  })
  expect(
    metadataOptionsFromEnv({
      PORTICO_IPFS_GATEWAY: ' https://dweb.example/ipfs ',
      PORTICO_ARWEAVE_GATEWAY: 'OFF',
      PORTICO_METADATA_ALLOW_HOSTS: 'metadata.local, localhost:4000,,',
    }),
  ).toEqual({
    ipfsGateway: 'https://dweb.example/ipfs/',
    arweaveGateway: null,
    allowHosts: ['metadata.local', 'localhost:4000'],
  })
  expect(metadataOptionsFromEnv({ PORTICO_IPFS_GATEWAY: '' }).ipfsGateway).toBe('https://ipfs.io/ipfs/')
  expect(() => metadataOptionsFromEnv({ PORTICO_IPFS_GATEWAY: 'ipfs.io' })).toThrow('PORTICO_IPFS_GATEWAY:')
  expect(() => metadataOptionsFromEnv({ PORTICO_METADATA_ALLOW_HOSTS: 'ok.local, bad/host' })).toThrow(
    'PORTICO_METADATA_ALLOW_HOSTS: "bad/host" is not a host name or host:port',
  )
})
