import { describe, expect, it } from 'vitest'
import { applySecurityHeaders } from '~/server/security-headers.server'

const policyOf = (path: string) => {
  const headers = new Headers({ 'content-type': 'text/html' })
  applySecurityHeaders(headers, new Request(`http://sonnen-apotheke.localhost:3000${path}`))
  return headers.get('permissions-policy')
}

describe('Permissions-Policy camera', () => {
  it('allows the camera on the scanning pages only', () => {
    for (const path of ['/purchase_orders/abc/receipt', '/customer_orders/abc', '/abgabe/neu']) {
      expect(policyOf(path), path).toContain('camera=(self)')
    }
    for (const path of [
      '/',
      '/purchase_orders/abc/edit',
      '/customer_orders',
      '/abgabe',
      '/api/x',
    ]) {
      expect(policyOf(path), path).toContain('camera=()')
    }
  })
})
