/** A contact message every rule accepts. */
export const validContactMessage = {
  name: 'Mara Muster',
  email: 'mara@example.com',
  subject: 'Frage zur Lieferung',
  message: 'Liefert ihr auch nach Hamburg?',
}
