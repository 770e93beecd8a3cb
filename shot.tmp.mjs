import { chromium } from '@playwright/test'
const base = 'http://localhost:3999'
const shop = 'http://sonnen-apotheke.localhost:3999'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-background-networking','--no-sandbox'] })
const p = await b.newPage({ viewport: { width: 1280, height: 800 } })
p.on('console', m => { if (m.type() === 'error') console.log('console:', m.text()) })
const shot = async (url, out) => { await p.goto(url, { waitUntil: 'networkidle' }); await p.screenshot({ path: out }) }
await shot(base + '/', '/tmp/s-landing.png')
await shot(base + '/login', '/tmp/s-login.png')
await p.getByLabel('Benutzername').fill('apotheke'); await p.getByLabel('Passwort').fill('apotheke-demo-2026'); await p.getByRole('button', { name: 'Anmelden' }).click()
await p.waitForURL('**/dashboard'); await p.waitForLoadState('networkidle'); await p.screenshot({ path: '/tmp/s-dashboard.png' })
await shot(base + '/me', '/tmp/s-me.png')
await shot(shop + '/shop', '/tmp/s-shop.png')
await shot(base + '/contact', '/tmp/s-contact.png')
await p.setViewportSize({ width: 800, height: 900 })
await shot(base + '/dashboard', '/tmp/s-tablet.png')
await b.close()
