import { createFileRoute } from '@tanstack/react-router'
import { shopAreaHead } from '~/features/shell/page-head'
import { GuestWithdrawalPage } from '~/features/shop/withdrawal/GuestWithdrawalPage'

/** The public withdrawal function of a shop (§ 356a BGB), for customers with or without account. */
export const Route = createFileRoute('/_shop/vertrag-widerrufen')({
  head: shopAreaHead('withdrawal'),
  component: GuestWithdrawalPage,
})
