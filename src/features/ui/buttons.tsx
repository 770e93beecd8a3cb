import { createLink } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'
import { LoaderCircleIcon } from './page-icons'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-border bg-surface text-ink hover:bg-surface-muted',
  danger: 'bg-danger text-white hover:bg-danger/90',
  ghost: 'text-ink-muted hover:bg-surface-muted hover:text-ink',
}

/** The classes of a button, for elements that only look like one (e.g. a router link). */
export function buttonClass(variant: ButtonVariant = 'primary', className = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 ${variantClasses[variant]} ${className}`
}

interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant
  /** Disables the button and shows a spinner while its action runs. */
  pending?: boolean
}

export function Button({
  variant = 'primary',
  pending = false,
  type = 'button',
  className,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass(variant, className)}
      {...props}
    >
      {pending && <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />}
      {children}
    </button>
  )
}

function ButtonAnchor({
  variant = 'primary',
  className,
  ...props
}: ComponentPropsWithRef<'a'> & { variant?: ButtonVariant }) {
  return <a className={buttonClass(variant, className)} {...props} />
}

/** A router link that looks like a button, e.g. "Kunde anlegen" leading to a form page. */
export const ButtonLink = createLink(ButtonAnchor)
