import { Menu, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { type ReactNode, useState } from 'react'

/**
 * A navigation that slides in from the left on small screens, opened by a menu button. Its content
 * gets `close`, so following a link also closes the drawer.
 */
export function MenuDrawer({
  title,
  description,
  openLabel,
  closeLabel,
  triggerClassName,
  contentClassName,
  closeClassName,
  children,
}: {
  /** Spoken name of the drawer, e.g. "Navigation". */
  title: string
  description: string
  openLabel: string
  closeLabel: string
  triggerClassName: string
  contentClassName: string
  closeClassName: string
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={triggerClassName} aria-label={openLabel}>
          <Menu className="size-5" aria-hidden="true" />
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          className={`fixed inset-y-0 left-0 z-50 w-72 shadow-xl focus:outline-none ${contentClassName}`}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          <Dialog.Close
            className={`absolute top-4 right-4 rounded-lg p-1 ${closeClassName}`}
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          {children(() => setOpen(false))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
