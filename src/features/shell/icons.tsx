import type { ComponentType, ReactNode } from 'react'

/** An icon component: a lucide icon or one drawn here; both take a class and nothing else. */
export type IconComponent = ComponentType<{ className?: string }>

/**
 * The frames' icons as plain SVG, drawn as lucide draws them. The frames (and the error pages
 * around them) are in every page's first load and in every server render; lucide's runtime
 * (icon factory, class merging, node building) cost both, for sixteen fixed drawings (ADR 029).
 * The public shop pages draw theirs the same way (`page-icons.tsx`); the back office keeps
 * lucide-react.
 */
export function shellIcon(drawing: ReactNode): IconComponent {
  return function ShellIcon({ className }: { className?: string }) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        aria-hidden="true"
      >
        {drawing}
      </svg>
    )
  }
}

export const MenuIcon = shellIcon(<path d="M4 5h16M4 12h16M4 19h16" />)

export const UserRoundIcon = shellIcon(
  <>
    <circle cx="12" cy="8" r="5" />
    <path d="M20 21a8 8 0 0 0-16 0" />
  </>,
)

export const LogOutIcon = shellIcon(
  <path d="m16 17 5-5-5-5M21 12H9M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />,
)

export const ShoppingBasketIcon = shellIcon(
  <path d="m15 11-1 9m5-9-4-7M2 11h20m-18.5 0 1.6 7.4a2 2 0 0 0 2 1.6h9.8a2 2 0 0 0 2-1.6l1.7-7.4M4.5 15.5h15M5 11l4-7m0 7 1 9" />,
)

export const MapPinIcon = shellIcon(
  <>
    <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </>,
)

export const PhoneIcon = shellIcon(
  <path d="M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384" />,
)

export const MailIcon = shellIcon(
  <>
    <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
    <rect x="2" y="4" width="20" height="16" rx="2" />
  </>,
)

export const ClockIcon = shellIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
)

export const BuildingIcon = shellIcon(
  <path d="M10 12h4m-4-4h4m0 13v-3a2 2 0 0 0-4 0v3M6 10H4a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-2M6 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16" />,
)

export const SproutIcon = shellIcon(
  <path d="M14 9.536V7a4 4 0 0 1 4-4h1.5a.5.5 0 0 1 .5.5V5a4 4 0 0 1-4 4 4 4 0 0 0-4 4c0 2 1 3 1 5a5 5 0 0 1-1 3M4 9a5 5 0 0 1 8 4 5 5 0 0 1-8-4m1 12h14" />,
)

export const ArrowLeftIcon = shellIcon(<path d="m12 19-7-7 7-7m7 7H5" />)
