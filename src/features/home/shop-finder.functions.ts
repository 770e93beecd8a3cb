import { createServerFn } from '@tanstack/react-start'
import { shopFinderSearch } from '~/lib/shop-finder'
import { getApp } from '~/server/app.server'
import { findShops } from '~/server/shop/shop-finder.server'
import { readBy } from '../server-fn/inputs'

/** The shop finder of the main domain's start page. */
export const fetchShops = createServerFn({ method: 'GET' })
  .validator(readBy(shopFinderSearch.parse))
  .handler(async ({ data }) => {
    const app = await getApp()
    return findShops(app.systemDb, data, app.config)
  })
