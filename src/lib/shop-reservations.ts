import { z } from 'zod'
import { emailAddress, text } from './text-schema'

/**
 * A reservation from the Rezeptkonfigurator: the configuration as its search params (parsed with
 * the rules module) and, for a guest, who reserves. Shared by the page's form and the service.
 */

/** How long a reservation holds the goods before the expiry job gives them back. */
export const reservationHoldHours = 72
/** Reservations from one client address per hour (count-first, ADR 009). */
export const reservationsPerAddressPerHour = 5
/** Open reservations one e-mail address may hold at once. */
export const openReservationsPerEmail = 3

export const guestSchema = z.object({
  name: text({
    trim: true,
    required: 'Bitte geben Sie Ihren Vor- und Nachnamen ein.',
    max: 120,
    tooLong: 'Der Name hat höchstens 120 Zeichen.',
  }).refine((name) => name.includes(' '), 'Bitte geben Sie Vor- und Nachnamen ein.'),
  email: emailAddress({
    invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    tooLong: 'Die E-Mail-Adresse ist zu lang.',
  }),
  phone: text({
    trim: true,
    required: 'Bitte geben Sie Ihre Telefonnummer ein.',
    max: 40,
    tooLong: 'Die Telefonnummer hat höchstens 40 Zeichen.',
  }).regex(/^\+?[\d\s/()-]{6,}$/, 'Bitte geben Sie eine gültige Telefonnummer ein.'),
})
export type Guest = z.infer<typeof guestSchema>

export const reservationRequestSchema = z.object({
  /** The configurator's search params (`kategorie`, `produkt`, `menge`, …). */
  configuration: z.record(text({ max: 40 }), z.unknown()),
  /** Required unless a shop customer is logged in. */
  guest: guestSchema.optional(),
})
export type ReservationRequest = z.infer<typeof reservationRequestSchema>

/** What the confirmation page shows. */
export interface ReservationConfirmation {
  id: string
  number: string
  status: 'new' | 'confirmed' | 'ready' | 'shipped' | 'completed' | 'cancelled' | 'expired'
  productName: string
  /** "30 g", "2 Packungen". */
  quantityText: string
  prescriptionText: string
  expiresAt: string | null
  pharmacy: {
    name: string
    street: string
    postalCode: string
    city: string
    phone: string
    openingHours: string
    /** Whether the shop offers pickup (a courier-only shop delivers what it holds). */
    pickup: boolean
  }
}
