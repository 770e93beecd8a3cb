import { Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { HomeFrame, HomeLightFrame } from './HomeLayouts'
import { useTenant } from './host'
import { ShopFrame } from './ShopLayout'

/**
 * The frame of the host: a shop's host shows its shop frame (header, navigation, contact), any
 * other host the home frame — with the product's brand, or the organisation's name on its host.
 */
export function HostFrame({ light = false, children }: { light?: boolean; children: ReactNode }) {
  const config = useTenant()?.config
  if (config) return <ShopFrame config={config}>{children}</ShopFrame>
  return light ? <HomeLightFrame>{children}</HomeLightFrame> : <HomeFrame>{children}</HomeFrame>
}

/** The marketing frame (contact): the host's frame. */
export function HomeLayout() {
  return (
    <HostFrame>
      <Outlet />
    </HostFrame>
  )
}

/** Legal texts, news and invitations: the shop's frame on its host, else the slim home frame. */
export function HomeLightLayout() {
  return (
    <HostFrame light>
      <Outlet />
    </HostFrame>
  )
}

/**
 * The shop pages. The guard opens them only where a shop is configured; should the tenant fail to
 * load meanwhile, they still get the host's frame.
 */
export function ShopLayout() {
  return (
    <HostFrame>
      <Outlet />
    </HostFrame>
  )
}
