import { z } from 'zod'
import { emailAddress, text } from './text-schema'

/** What the consumer gives when confirming a withdrawal (§ 356a Abs. 2 BGB): name and receipt address. */
const name = text({
  trim: true,
  required: 'Bitte geben Sie Ihren Namen ein.',
  max: 200,
  tooLong: 'Der Name ist zu lang.',
})
const email = emailAddress({
  invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse für die Eingangsbestätigung ein.',
  tooLong: 'Die E-Mail-Adresse ist zu lang.',
})

/** From the account: the order is identified by the page. */
export const accountWithdrawalSchema = z.object({ name, email })

/** From the shop's public page: the order number identifies the contract, the e-mail the customer. */
export const guestWithdrawalSchema = z.object({
  name,
  email,
  orderNumber: text({
    trim: true,
    required: 'Bitte geben Sie Ihre Bestellnummer ein.',
    max: 40,
    tooLong: 'Die Bestellnummer ist zu lang.',
  }),
})
