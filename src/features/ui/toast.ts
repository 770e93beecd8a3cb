import type { ExternalToast } from 'sonner'

/**
 * sonner's `toast`, loaded with the first toast: a toast only follows what a visitor did, and
 * importing sonner where a page shows one would put its 9 KB into the first load of the shop's
 * product page and configurator (ADR 029). The root's lazily loaded `<Toaster>` and these calls
 * share the one sonner module.
 */
function shows(kind: 'success' | 'error') {
  return (message: string, options?: ExternalToast) => {
    void import('sonner').then(({ toast }) => toast[kind](message, options))
  }
}

export const toast = { success: shows('success'), error: shows('error') }
