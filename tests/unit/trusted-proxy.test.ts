import { describe, expect, it } from 'vitest'
import { compileProxyTrust, resolveForwarded } from '~/server/trusted-proxy.server'

const resolve = (trusted: string[], peer: string, headers: Record<string, string> = {}) =>
  resolveForwarded(peer, new Headers(headers), compileProxyTrust(trusted))

describe('resolveForwarded', () => {
  it('trusts nobody with an empty list: the peer is the client, forwarded headers are ignored', () => {
    expect(
      resolve([], '127.0.0.1', {
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-host': 'sonnen-apotheke.blattwerk.de',
        'x-forwarded-proto': 'https',
      }),
    ).toEqual({ clientIp: '127.0.0.1', host: null, protocol: null })
  })

  it('ignores forwarded headers from a peer outside the list', () => {
    expect(
      resolve(['10.0.0.0/8'], '198.51.100.4', {
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-host': 'sonnen-apotheke.blattwerk.de',
        'x-forwarded-proto': 'https',
      }),
    ).toEqual({ clientIp: '198.51.100.4', host: null, protocol: null })
  })

  it('takes the right-most address that is not a trusted proxy, not what the client wrote', () => {
    // The client claimed 1.2.3.4; the trusted proxy appended the address it saw.
    expect(
      resolve(['loopback'], '127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' }).clientIp,
    ).toBe('203.0.113.7')
    expect(
      resolve(['loopback'], '::1', { 'x-forwarded-for': '9.9.9.9,8.8.8.8 , 203.0.113.7' }).clientIp,
    ).toBe('203.0.113.7')
  })

  it('walks through a chain of trusted proxies, by address and by CIDR range', () => {
    const headers = { 'x-forwarded-for': '1.2.3.4, 203.0.113.7, 10.1.2.3, 10.0.0.2' }
    expect(resolve(['10.0.0.0/8'], '10.0.0.1', headers).clientIp).toBe('203.0.113.7')
    expect(resolve(['10.0.0.1', '10.0.0.2'], '10.0.0.1', headers).clientIp).toBe('10.1.2.3')
    expect(resolve(['10.0.0.0/8', '203.0.113.7'], '10.0.0.1', headers).clientIp).toBe('1.2.3.4')
  })

  it('recognises an IPv4 peer written as an IPv4-mapped IPv6 address', () => {
    expect(
      resolve(['loopback'], '::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }).clientIp,
    ).toBe('203.0.113.7')
    expect(
      resolve(['10.0.0.0/8'], '::ffff:10.0.0.1', { 'x-forwarded-for': '203.0.113.7' }).clientIp,
    ).toBe('203.0.113.7')
  })

  it('takes the left-most address when every hop is a trusted proxy', () => {
    expect(
      resolve(['10.0.0.0/8'], '10.0.0.1', { 'x-forwarded-for': '10.9.9.9, 10.0.0.2' }).clientIp,
    ).toBe('10.9.9.9')
  })

  it('keeps a trusted peer as the client when it forwards no address', () => {
    expect(resolve(['loopback'], '127.0.0.1')).toEqual({
      clientIp: '127.0.0.1',
      host: null,
      protocol: null,
    })
  })

  it('takes host and protocol from a trusted peer', () => {
    expect(
      resolve(['loopback'], '127.0.0.1', {
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-host': 'Sonnen-Apotheke.blattwerk.de',
        'x-forwarded-proto': 'HTTPS',
      }),
    ).toEqual({ clientIp: '203.0.113.7', host: 'sonnen-apotheke.blattwerk.de', protocol: 'https' })
  })

  it('takes the host entry of the outermost trusted proxy when proxies append', () => {
    // The client sent "evil.example"; the trusted edge proxy appended the host it was asked for.
    const headers = {
      'x-forwarded-for': '203.0.113.7, 10.0.0.2',
      'x-forwarded-host': 'evil.example, sonnen-apotheke.blattwerk.de, internal:8080',
    }
    expect(resolve(['10.0.0.0/8'], '10.0.0.1', headers).host).toBe('sonnen-apotheke.blattwerk.de')
  })

  it('ignores a forwarded host or protocol that is not one', () => {
    expect(
      resolve(['loopback'], '127.0.0.1', {
        'x-forwarded-host': 'evil.example/path?x=1',
        'x-forwarded-proto': 'javascript',
      }),
    ).toEqual({ clientIp: '127.0.0.1', host: null, protocol: null })
    expect(resolve(['loopback'], '127.0.0.1', { 'x-forwarded-host': '[::1]:3000' }).host).toBe(
      '[::1]:3000',
    )
  })
})
