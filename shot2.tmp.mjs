import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage()
await page.goto('http://sonnen-apotheke.localhost:3456/rezeptkonfigurator')
console.log(await page.locator('#produkt option').allTextContents())
await page.getByRole('tab', { name: 'Extrakt' }).click()
console.log(await page.locator('#produkt option').allTextContents())
await browser.close()
