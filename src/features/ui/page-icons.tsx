import { shellIcon } from '../shell/icons'

/*
 * The icons of the public pages' first load (the shop's pages, the cart, the login) and of the
 * buttons, headers and form messages every page shares, drawn as lucide draws them but without
 * lucide's runtime, which would otherwise be part of the shop's first load (ADR 029). Kept out of
 * `shell/icons.tsx`, which is in every page's entry, so a page loads only the drawings it shows.
 */

export const ChevronLeftIcon = shellIcon(<path d="m15 18-6-6 6-6" />)

export const ChevronRightIcon = shellIcon(<path d="m9 18 6-6-6-6" />)

export const LoaderCircleIcon = shellIcon(<path d="M21 12a9 9 0 1 1-6.219-8.56" />)

export const CircleAlertIcon = shellIcon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </>,
)

export const FlaskConicalIcon = shellIcon(
  <>
    <path d="M14 2v6a2 2 0 0 0 .245.96l5.51 10.08A2 2 0 0 1 18 22H6a2 2 0 0 1-1.755-2.96l5.51-10.08A2 2 0 0 0 10 8V2" />
    <path d="M6.453 15h11.094" />
    <path d="M8.5 2h7" />
  </>,
)

export const LeafIcon = shellIcon(
  <>
    <path d="M11 20a10 10 0 0010-10 25.9 25.9 0 00-1.04-7.281 1 1 0 00-1.755-.325C15.833 5.5 13 5.5 9.8 6.1A7 7 0 0011 20" />
    <path d="M2 21a5 5 0 012.911-4.544C7.613 15.212 8.351 15.24 11 13" />
  </>,
)

export const SlidersHorizontalIcon = shellIcon(
  <path d="M10 5H3M12 19H3M14 3v4M16 17v4M21 12h-9M21 19h-5M21 5h-7M8 10v4M8 12H3" />,
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

export const ClipboardPenIcon = shellIcon(
  <>
    <path d="M16 4h2a2 2 0 0 1 2 2v2" />
    <path d="M21.34 15.664a1 1 0 1 0-3.004-3.004l-5.01 5.012a2 2 0 0 0-.506.854l-.837 2.87a.5.5 0 0 0 .62.62l2.87-.837a2 2 0 0 0 .854-.506z" />
    <path d="M8 22H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
    <rect x="8" y="2" width="8" height="4" rx="1" />
  </>,
)

export const DropletsIcon = shellIcon(
  <>
    <path d="M7 16.3c2.2 0 4-1.83 4-4.05 0-1.16-.57-2.26-1.71-3.19S7.29 6.75 7 5.3c-.29 1.45-1.14 2.84-2.29 3.76S3 11.1 3 12.25c0 2.22 1.8 4.05 4 4.05z" />
    <path d="M12.56 6.6A10.97 10.97 0 0 0 14 3.02c.5 2.5 2 4.9 4 6.5s3 3.5 3 5.5a6.98 6.98 0 0 1-11.91 4.97" />
  </>,
)
