// /api/admin/farmers… , the expired and trial lists and the cost breakdown: HTTP only. Access comes
// from the contract's route table; PATCH also checks farmerPatchCapability in the service.
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import {
  AdminFarmersExportQuerySchema,
  AdminFarmersQuerySchema,
  FarmerCreateSchema,
  FarmerPaymentUpdateSchema,
  FarmerSubscriptionUpdateSchema,
  FarmerUpdateSchema,
  IdParamSchema,
  TOTAL_COUNT_HEADER,
  AdminPaymentsQuerySchema,
  SubscriptionListQuerySchema,
  type SubscriptionListQuery,
  type AdminPaymentsQuery,
  type AdminFarmersExportQuery,
  type AdminFarmersQuery,
  type FarmerCreate,
  type FarmerPaymentUpdate,
  type FarmerSubscriptionUpdate,
  type FarmerUpdate,
  type IdParam,
  type OkResponse,
  type RouteKey,
} from '../contract'
import { currentSession, noStore } from '../auth/http'
import { actorOf } from '../audit/staff-write'
import type { Response } from 'express'
import { contractRouter } from '../http/contract-router'
import { csvRowTexts, streamCsv } from '../http/csv'
import type { ExportThread } from '../exports/export-thread'
import { validate } from '../middleware/validate'
import { farmersService } from './service'
import { FARMER_CSV_COLUMNS, PAYMENT_CSV_COLUMNS } from './export-records'

/**
 * `readDb`: where the staff lists, their counts and the CSV exports read (the read thread on SQLite;
 * decision 030); `exportThread`: the worker that makes the farmers export and the payment report off
 * the event loop (SQLite).
 */
export function farmersRouter(db: Kysely<Database>, readDb: Kysely<Database> = db, exportThread?: ExportThread) {
  const service = farmersService(db, readDb)
  const { router, on } = contractRouter()
  const ok: OkResponse = { ok: true }
  const idOf = (locals: Record<string, unknown>) => (locals.params as IdParam).id
  /** Answers one page of rows; X-Total-Count counts every match. */
  const sendPage = (res: Response, rows: unknown[], total: number) => {
    res.setHeader(TOTAL_COUNT_HEADER, String(total))
    res.json(rows)
  }
  /** A list behind a dashboard card (or the cost table), a page at a time (page, pageSize), never stored. */
  const pagedList = (key: RouteKey, page: (query: SubscriptionListQuery) => Promise<{ farmers: unknown[]; total: number }>) =>
    on(key, noStore, validate({ query: SubscriptionListQuerySchema }), async (_req, res) => {
      const { farmers, total } = await page(res.locals.query as SubscriptionListQuery)
      sendPage(res, farmers, total)
    })
  /** Figures over a whole list, counted by the server, never stored. */
  const summary = (key: RouteKey, figures: () => Promise<unknown>) => on(key, noStore, async (_req, res) => void res.json(await figures()))

  on('GET /api/admin/farmers', noStore, validate({ query: AdminFarmersQuerySchema }), async (_req, res) => {
    const { farmers, total } = await service.list(res.locals.query as AdminFarmersQuery)
    sendPage(res, farmers, total)
  })

  on('POST /api/admin/farmers', validate({ body: FarmerCreateSchema }), async (req, res) => {
    res.status(201).json(await service.create(actorOf(req, res), res.locals.body as FarmerCreate))
  })

  on('GET /api/admin/farmers/export', validate({ query: AdminFarmersExportQuerySchema }), async (_req, res) => {
    const filters = res.locals.query as AdminFarmersExportQuery
    const inProcess = () => csvRowTexts(service.exportRecords(filters))
    await streamCsv(res, 'farmers', FARMER_CSV_COLUMNS, exportThread?.rows({ kind: 'farmers', filters, now: new Date().toISOString() }, inProcess) ?? inProcess())
  })

  pagedList('GET /api/admin/farmers/active-pending', (query) => service.activePending(query))

  summary('GET /api/admin/farmers/active-pending/summary', () => service.activePendingSummary())

  on('GET /api/admin/farmers/payments', noStore, validate({ query: AdminPaymentsQuerySchema }), async (_req, res) => {
    const { payments, total } = await service.payments(res.locals.query as AdminPaymentsQuery)
    sendPage(res, payments, total)
  })

  on('GET /api/admin/farmers/payments/report', async (_req, res) => {
    const inProcess = () => csvRowTexts(service.paymentRecords())
    await streamCsv(res, 'payment-report', PAYMENT_CSV_COLUMNS, exportThread?.rows({ kind: 'payments' }, inProcess) ?? inProcess())
  })

  on('PATCH /api/admin/farmers/:id', validate({ params: IdParamSchema, body: FarmerUpdateSchema }), async (req, res) => {
    const { user } = currentSession(res)
    res.json(await service.update(actorOf(req, res), user.role, idOf(res.locals), res.locals.body as FarmerUpdate))
  })

  on('DELETE /api/admin/farmers/:id', validate({ params: IdParamSchema }), async (req, res) => {
    await service.remove(actorOf(req, res), idOf(res.locals))
    res.json(ok)
  })

  on('PATCH /api/admin/farmers/:id/subscription', validate({ params: IdParamSchema, body: FarmerSubscriptionUpdateSchema }), async (req, res) => {
    res.json(await service.updateSubscription(actorOf(req, res), idOf(res.locals), res.locals.body as FarmerSubscriptionUpdate))
  })

  on('POST /api/admin/farmers/:id/activate-trial', validate({ params: IdParamSchema }), async (req, res) => {
    res.json(await service.activateTrial(actorOf(req, res), idOf(res.locals)))
  })

  on('PATCH /api/admin/farmers/:id/payment', validate({ params: IdParamSchema, body: FarmerPaymentUpdateSchema }), async (req, res) => {
    res.json(await service.updatePayment(actorOf(req, res), idOf(res.locals), res.locals.body as FarmerPaymentUpdate))
  })

  pagedList('GET /api/admin/expired-farmers', (query) => service.expired(query))

  summary('GET /api/admin/expired-farmers/summary', () => service.expiredSummary())

  pagedList('GET /api/admin/trial-farmers', (query) => service.trialFarmers(query))

  summary('GET /api/admin/trial-farmers/summary', () => service.trialSummary())

  summary('GET /api/admin/cost-breakdown', () => service.costBreakdown())

  pagedList('GET /api/admin/cost-breakdown/farmers', (query) => service.costRows(query))

  return router
}
