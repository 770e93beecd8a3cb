import { createContext, type ReactNode, useContext } from 'react'

const InsideFrame = createContext(false)

/** Marks the page area of a frame, so a page that brings a frame of its own does not nest one. */
export function FrameContent({ children }: { children: ReactNode }) {
  return <InsideFrame.Provider value={true}>{children}</InsideFrame.Provider>
}

/** Whether a layout's frame is already around (e.g. a not-found thrown by a back-office page). */
export const useInsideFrame = () => useContext(InsideFrame)
