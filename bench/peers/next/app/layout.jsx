import './globals.css'

export const metadata = { title: 'Blüten – Sonnen-Apotheke' }

export default function RootLayout({ children }) {
  return (
    <html lang="de">
      <body>{children}</body>
    </html>
  )
}
