import { shellIcon } from '../shell/icons'

/*
 * The icons several public pages share (the shop's pages, the cart, the login, the buttons and
 * form messages every page has), drawn as lucide draws them but without lucide's runtime, which
 * would otherwise be part of the shop's first load (ADR 029). A page's own icons are drawn in its
 * file, and the frames' in `shell/icons.tsx`: this module is one chunk, with every drawing any of
 * its importers uses.
 */

export const LoaderCircleIcon = shellIcon(<path d="M21 12a9 9 0 1 1-6.219-8.56" />)

export const CircleCheckIcon = shellIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m16 9-5.5 5.5L8 12" />
  </>,
)

export const CircleAlertIcon = shellIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </>,
)

export const LeafIcon = shellIcon(
  <>
    <path d="M11 20a10 10 0 0010-10 25.9 25.9 0 00-1.04-7.281 1 1 0 00-1.755-.325C15.833 5.5 13 5.5 9.8 6.1A7 7 0 0011 20" />
    <path d="M2 21a5 5 0 012.911-4.544C7.613 15.212 8.351 15.24 11 13" />
  </>,
)

export const ClipboardListIcon = shellIcon(
  <>
    <rect width="8" height="4" x="8" y="2" rx="1" ry="1" />
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M12 11h4M12 16h4M8 11h.01M8 16h.01" />
  </>,
)

export const FileTextIcon = shellIcon(
  <>
    <path d="M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z" />
    <path d="M14 2v5a1 1 0 0 0 1 1h5M10 9H8M16 13H8M16 17H8" />
  </>,
)
