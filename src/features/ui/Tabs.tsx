import {
  type ComponentPropsWithoutRef,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
  useState,
} from 'react'

/**
 * Tabs after the WAI-ARIA tabs pattern, with the parts and props of Radix's Tabs that the app
 * uses (Root, List, Trigger, Content; `data-state` for styling). Written here rather than taken
 * from Radix because the login and the prescription configurator are public pages whose own
 * JavaScript has a 20 KB budget, and Radix's tabs bring 9.8 KB of focus, presence and collection
 * helpers for what this does in under one (ADR 029).
 */
interface TabsState {
  value: string | undefined
  select: (value: string) => void
  /** Automatic: a tab opens when it gets the focus; manual: on click, Enter or Space. */
  activationMode: 'automatic' | 'manual'
  idOf: (part: 'tab' | 'panel', value: string) => string
}

const TabsContext = createContext<TabsState | null>(null)

function useTabs(): TabsState {
  const state = useContext(TabsContext)
  if (!state) throw new Error('Tabs parts belong inside <Tabs.Root>')
  return state
}

interface RootProps {
  /** The open tab when the parent keeps it; otherwise `defaultValue` starts and the tabs keep it. */
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  activationMode?: 'automatic' | 'manual'
  className?: string
  children: ReactNode
}

function Root({
  value,
  defaultValue,
  onValueChange,
  activationMode = 'automatic',
  className,
  children,
}: RootProps) {
  const baseId = useId()
  const [ownValue, setOwnValue] = useState(defaultValue)
  const current = value ?? ownValue
  const state: TabsState = {
    value: current,
    activationMode,
    select: (next) => {
      if (next === current) return
      if (value === undefined) setOwnValue(next)
      onValueChange?.(next)
    },
    idOf: (part, tab) => `${baseId}-${part}-${tab}`,
  }
  return (
    <TabsContext.Provider value={state}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  )
}

/** Arrow keys, Home and End move between the tabs; the focus wraps around at either end. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
  ]
  const from = tabs.indexOf(event.target as HTMLButtonElement)
  if (from < 0) return
  const to = {
    ArrowRight: (from + 1) % tabs.length,
    ArrowLeft: (from - 1 + tabs.length) % tabs.length,
    Home: 0,
    End: tabs.length - 1,
  }[event.key]
  if (to === undefined) return
  event.preventDefault()
  tabs[to]?.focus()
}

function List({ children, ...props }: ComponentPropsWithoutRef<'div'>) {
  return (
    <div role="tablist" aria-orientation="horizontal" {...props} onKeyDown={moveFocus}>
      {children}
    </div>
  )
}

interface TriggerProps {
  value: string
  className?: string
  disabled?: boolean
  children: ReactNode
}

function Trigger({ value, className, disabled, children }: TriggerProps) {
  const tabs = useTabs()
  const selected = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.idOf('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      // Only the open tab is a Tab stop; the arrow keys reach the others (roving focus).
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      className={className}
      onClick={() => tabs.select(value)}
      onFocus={() => {
        if (tabs.activationMode === 'automatic') tabs.select(value)
      }}
    >
      {children}
    </button>
  )
}

interface ContentProps {
  value: string
  /** Keeps a closed panel in the document (hidden), so what it holds keeps its state. */
  forceMount?: boolean
  className?: string
  children: ReactNode
}

function Content({ value, forceMount, className, children }: ContentProps) {
  const tabs = useTabs()
  const selected = tabs.value === value
  if (!selected && !forceMount) return null
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      hidden={!selected}
      className={className}
    >
      {children}
    </div>
  )
}

export const Tabs = { Root, List, Trigger, Content }
