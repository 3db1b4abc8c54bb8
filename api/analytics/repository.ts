// Kysely access for first-party analytics: event rows in, counts and rows in a time range out.
import type { Kysely } from 'kysely'
import type { Database, SearchType } from '../../db/schema'

export function analyticsRepository(db: Kysely<Database>) {
  return {
    /** A page view, and the country tally when this visitor has never been seen before. */
    async recordPageView(view: { path: string; visitorId: string; countryCode: string | null; countryName: string | null; at: string }) {
      await db.transaction().execute(async (trx) => {
        // The public summary's counters move with the row, in the same transaction (migration 0005).
        // Their row first: a visitor's other page view on another server (PostgreSQL) has committed
        // by the time this one holds it, so "seen" below finds it and the visitor counts once.
        await trx.updateTable('analytics_totals').set((eb) => ({ pageViews: eb('pageViews', '+', 1) })).where('id', '=', 1).execute()
        const seen = await trx.selectFrom('page_views').select('id').where('visitorId', '=', view.visitorId).limit(1).executeTakeFirst()
        await trx.insertInto('page_views').values({ path: view.path, visitorId: view.visitorId, countryCode: view.countryCode, createdAt: view.at }).execute()
        if (!seen) await trx.updateTable('analytics_totals').set((eb) => ({ visitors: eb('visitors', '+', 1) })).where('id', '=', 1).execute()
        if (!view.countryCode || !view.countryName) return
        await trx
          .insertInto('visitor_countries')
          .values({ countryCode: view.countryCode, countryName: view.countryName, visitorCount: 1, lastVisit: view.at })
          .onConflict((oc) =>
            oc.column('countryCode').doUpdateSet((eb) => ({
              visitorCount: seen ? eb.ref('visitor_countries.visitorCount') : eb('visitor_countries.visitorCount', '+', 1),
              lastVisit: view.at,
            })),
          )
          .execute()
      })
    },
    async recordSearch(search: { query: string; searchType: SearchType; location: string | null; resultCount: number; visitorId: string | null; at: string }) {
      const { at, ...row } = search
      await db.insertInto('search_analytics').values({ ...row, searchDate: at }).execute()
    },
    async recordFarmerClick(click: { farmerId: string; visitorId: string | null; at: string }) {
      await db.insertInto('farmer_clicks').values({ farmerId: click.farmerId, visitorId: click.visitorId, createdAt: click.at }).execute()
    },

    /** Page views and distinct visitors ever: two counters, not a count over every page view. */
    async pageViewTotals() {
      const row = await db.selectFrom('analytics_totals').select(['pageViews', 'visitors']).where('id', '=', 1).executeTakeFirst()
      return { pageViews: Number(row?.pageViews ?? 0), visitors: Number(row?.visitors ?? 0) }
    },
    pageViewsSince: (since: string) =>
      db.selectFrom('page_views').select(['createdAt', 'visitorId', 'countryCode']).where('createdAt', '>=', since).orderBy('createdAt').execute(),
    searchesSince: (since: string) =>
      db.selectFrom('search_analytics').select(['searchDate as createdAt', 'query', 'searchType', 'resultCount']).where('searchDate', '>=', since).execute(),
    clicksSince: (since: string) => db.selectFrom('farmer_clicks').select('createdAt').where('createdAt', '>=', since).execute(),
    countryNames: () => db.selectFrom('visitor_countries').select(['countryCode', 'countryName']).execute(),
  }
}
