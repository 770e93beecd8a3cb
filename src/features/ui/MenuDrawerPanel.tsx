import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { ReactNode, RefObject } from 'react'

export interface MenuDrawerPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The menu button: focus returns there when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>
  title: string
  description: string
  closeLabel: string
  contentClassName: string
  closeClassName: string
  /** The edge it slides in from: navigation on the left, a list's filters on the right. */
  side?: 'left' | 'right'
  children: ReactNode
}

/** The drawer itself; loaded with the first opening, so pages do not carry the dialog code. */
export default function MenuDrawerPanel({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  contentClassName,
  closeClassName,
  side = 'left',
  children,
}: MenuDrawerPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          className={`fixed inset-y-0 z-50 w-72 max-w-[85vw] shadow-xl focus:outline-none ${side === 'left' ? 'left-0' : 'right-0'} ${contentClassName}`}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">{description}</Dialog.Description>
          <Dialog.Close
            className={`absolute top-4 right-4 rounded-lg p-1 ${closeClassName}`}
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
