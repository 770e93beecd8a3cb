import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'
import { MenuIcon } from '../shell/icons'
import type { MenuDrawerPanelProps } from './MenuDrawerPanel'

const loadPanel = () => import('./MenuDrawerPanel')
const MenuDrawerPanel = lazy(loadPanel)

/**
 * A panel that slides in on small screens (a navigation, a list's filters), opened by a button.
 * Its content gets `close`, so following a link also closes the drawer. The drawer's code loads
 * when the button is first pointed at or focused, not with the page.
 */
export function MenuDrawer({
  openLabel,
  triggerClassName,
  triggerContent = <MenuIcon className="size-5" />,
  children,
  ...panel
}: Omit<MenuDrawerPanelProps, 'open' | 'onOpenChange' | 'trigger' | 'children'> & {
  /** The button's accessible name, when its content is only an icon. */
  openLabel?: string
  triggerClassName: string
  /** What the button shows: the menu icon unless given. */
  triggerContent?: ReactNode
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={triggerClassName}
        aria-label={openLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        {triggerContent}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MenuDrawerPanel {...panel} open={open} onOpenChange={setOpen} trigger={trigger}>
            {children(() => setOpen(false))}
          </MenuDrawerPanel>
        </Suspense>
      )}
    </>
  )
}
