import { describe, expect, test } from 'vitest'
import { isAllowedHost, isPublicAddress, normaliseAllowedHost } from './public-address.ts'

describe('isPublicAddress', () => {
  test.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.215.14'],
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['169.253.255.255'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:82b::200e'],
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
    ['64:ff9b::8.8.8.8'],
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  test.each([
    // IPv4 special ranges
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'RFC 1918'],
    ['172.16.0.1', 'RFC 1918'],
    ['172.31.255.255', 'RFC 1918'],
    ['192.168.1.1', 'RFC 1918'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '0.0.0.0/8'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    // numeric forms a URL host or resolver may hand over
    ['2130706433', 'decimal loopback'],
    ['0x7f.1', 'hex loopback'],
    ['0177.0.0.1', 'octal loopback'],
    ['127.1', 'short loopback'],
    ['0xa9fea9fe', 'hex link-local'],
    // IPv6 special ranges
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['febf::1', 'IPv6 link-local upper end'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::', '6to4'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    // IPv4 inside IPv6
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback, long'],
    ['::ffff:10.0.0.1', 'IPv4-mapped RFC 1918'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local, hex'],
    ['::ffff:100.64.0.1', 'IPv4-mapped CGNAT'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback, hex'],
    ['::808:808', 'IPv4-compatible, deprecated even when public'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::a00:1', 'NAT64 RFC 1918'],
    // not addresses at all
    ['localhost', 'a name'],
    ['', 'empty'],
    ['1.2.3.4.5', 'malformed'],
  ])('%s is refused (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })
})

describe('allowed hosts', () => {
  test('entries are spelled as URLs spell hosts, with or without a port', () => {
    expect(normaliseAllowedHost('Metadata.Local')).toBe('metadata.local')
    expect(normaliseAllowedHost(' localhost:8080 ')).toBe('localhost:8080')
    expect(normaliseAllowedHost('127.0.0.1:80')).toBe('127.0.0.1:80')
    expect(normaliseAllowedHost('2130706433')).toBe('127.0.0.1')
    expect(normaliseAllowedHost('[::1]:3000')).toBe('[::1]:3000')
    expect(normaliseAllowedHost('[::ffff:127.0.0.1]')).toBe('[::ffff:7f00:1]')
  })

  test.each([
    ['http://localhost'],
    ['localhost:'],
    ['localhost:0'],
    ['localhost:70000'],
    ['user@localhost'],
    ['local host'],
    [''],
    ['::1'],
  ])('%j is not an allowed-host entry', (entry) => {
    expect(() => normaliseAllowedHost(entry)).toThrow('is not a host name or host:port')
  })

  test('a bare name allows every port, a name with a port only that port (default ports included)', () => {
    const allow = ['metadata.local', 'localhost:8080', '127.0.0.1:80', '[::1]:443']
    expect(isAllowedHost(new URL('http://metadata.local:1234/x'), allow)).toBe(true)
    expect(isAllowedHost(new URL('https://METADATA.local/x'), allow)).toBe(true)
    expect(isAllowedHost(new URL('http://localhost:8080/x'), allow)).toBe(true)
    expect(isAllowedHost(new URL('http://localhost:8081/x'), allow)).toBe(false)
    expect(isAllowedHost(new URL('http://localhost/x'), allow)).toBe(false)
    expect(isAllowedHost(new URL('http://127.0.0.1/x'), allow)).toBe(true)
    expect(isAllowedHost(new URL('http://2130706433/x'), allow)).toBe(true)
    expect(isAllowedHost(new URL('https://127.0.0.1/x'), allow)).toBe(false)
    expect(isAllowedHost(new URL('https://[::1]/x'), allow)).toBe(true)
    expect(isAllowedHost(new URL('http://[::1]/x'), allow)).toBe(false)
    expect(isAllowedHost(new URL('http://sub.metadata.local/x'), allow)).toBe(false)
  })
})
