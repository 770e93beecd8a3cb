import { FieldApi, FormApi } from '@tanstack/react-form'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { applyServerErrors, formErrorsOf } from '~/features/forms/field-errors'
import { formFieldOf } from '~/features/purchase-orders/purchase-order-form'
import { FailureError } from '~/lib/failure'

describe('the form layer’s field errors', () => {
  it('puts the server’s field errors under the form’s fields and answers no form message', () => {
    const form = new FormApi({
      defaultValues: { items: [{ quantity: '1', unitPrice: '' }] },
      onSubmitMeta: {},
    })
    form.mount()
    for (const name of ['items[0].unitPrice', 'items[0].quantity'] as const) {
      new FieldApi({ form, name }).mount()
    }
    const message = applyServerErrors(
      form,
      new FailureError({
        status: 400,
        message: 'Die Eingaben sind ungültig.',
        errors: { 'items.0.unitPriceCents': 'zu teuer', 'items.0.quantity': 'zu viel' },
      }),
      formFieldOf,
    )
    expect(message).toBeNull()
    expect(form.getFieldMeta('items[0].unitPrice')?.errorMap.onServer).toBe('zu teuer')
    expect(form.getFieldMeta('items[0].quantity')?.errorMap.onServer).toBe('zu viel')
  })

  it('answers an error without fields as the form’s message, with its id', () => {
    const form = new FormApi({ defaultValues: { note: '' }, onSubmitMeta: {} })
    const message = applyServerErrors(
      form,
      new FailureError({ status: 500, message: 'Etwas ging schief.', requestId: 'abc' }),
    )
    expect(message).toBe('Etwas ging schief. (Fehler-ID abc)')
  })

  it('files a schema’s issues under the top-level field, the first message of each', () => {
    const schema = z.object({
      terpenes: z.array(z.string().min(1, 'leer')),
      name: z.string().min(1, 'Name fehlt'),
    })
    expect(formErrorsOf(schema, { terpenes: ['a', '', ''], name: '' })).toEqual({
      terpenes: 'leer',
      name: 'Name fehlt',
    })
  })
})
