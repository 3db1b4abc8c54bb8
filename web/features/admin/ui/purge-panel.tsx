// Purge by date range (spec 001 §5), for audit logs and processed signups: both dates required,
// start not after end, and a confirmation that says the deletion is permanent.
import { Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Fragment, useId, useState, type FormEvent } from 'react'
import { PurgeBodySchema, type PurgeBody, type PurgeResponse } from '../../../../api/contract/common'
import { messages } from '../../../../api/contract/messages'
import { apiRequest } from '../../../shared/api'
import { useIsOnline } from '../../../shared/session'
import { toastError, toastSuccess } from '../feedback'
import { AdminDialog, DialogBody, DialogFooter } from './admin-dialog'
import { FormField } from './form-field'
import { OfflineNotice } from './offline-notice'
import { useT } from '../../../i18n/runtime'
import { piecesAround } from '../../../i18n/messages'

export interface PurgePanelProps {
  title: string
  buttonLabel: string
  confirmTitle: string
  /** What is deleted, e.g. 'Every audit log entry' or 'Every processed signup (approved or rejected) submitted'. */
  what: string
  endpoint: string
  queryKey: readonly unknown[]
  purged: (count: number) => string
  failed: string
}

export function PurgePanel({ title, buttonLabel, confirmTitle, what, endpoint, queryKey, purged, failed }: PurgePanelProps) {
  const t = useT()
  const headingId = useId()
  const isOnline = useIsOnline()
  const queryClient = useQueryClient()
  const [range, setRange] = useState({ startDate: '', endDate: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<PurgeBody | null>(null)

  const purge = useMutation({
    mutationFn: async (body: PurgeBody) => (await (await apiRequest('DELETE', endpoint, body)).json()) as PurgeResponse,
    onSuccess: ({ deletedCount }) => {
      toastSuccess(purged(deletedCount))
      setConfirming(null)
      setRange({ startDate: '', endDate: '' })
      return queryClient.invalidateQueries({ queryKey })
    },
    onError: () => toastError(failed),
  })

  const review = (event: FormEvent) => {
    event.preventDefault()
    const parsed = PurgeBodySchema.safeParse(range)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? messages.purge.bothDatesRequired)
      return
    }
    setProblem(null)
    setConfirming(parsed.data)
  }

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" size="lg" id={headingId} mb="3">
        {title}
      </Heading>
      <form onSubmit={review} noValidate>
        <Stack gap="3">
          <Flex gap="3" wrap="wrap" align="flex-end">
            <Box minW="12rem">
              <FormField label={t('admin.purge.startDate')}>
                <Input type="date" value={range.startDate} onChange={(e) => setRange((r) => ({ ...r, startDate: e.target.value }))} />
              </FormField>
            </Box>
            <Box minW="12rem">
              <FormField label={t('admin.purge.endDate')}>
                <Input type="date" value={range.endDate} onChange={(e) => setRange((r) => ({ ...r, endDate: e.target.value }))} />
              </FormField>
            </Box>
            <Button type="submit" colorPalette="red" variant="outline" disabled={!isOnline}>
              {buttonLabel}
            </Button>
          </Flex>
          {problem && (
            <Text role="alert" color="fg.error">
              {problem}
            </Text>
          )}
        </Stack>
      </form>
      <AdminDialog open={!!confirming} onOpenChange={(open) => !open && setConfirming(null)} title={confirmTitle} role="alertdialog">
        {confirming && (
          <>
            <DialogBody>
              <Stack gap="3">
                <Text>
                  {piecesAround(t, 'admin.purge.confirm', { startDate: <strong>{confirming.startDate}</strong>, endDate: <strong>{confirming.endDate}</strong> }, { what }).map((piece, i) => (
                    <Fragment key={i}>{piece}</Fragment>
                  ))}
                </Text>
                <OfflineNotice isOnline={isOnline} />
              </Stack>
            </DialogBody>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(null)}>
                {t('admin.cancel')}
              </Button>
              <Button colorPalette="red" disabled={!isOnline} loading={purge.isPending} onClick={() => purge.mutate(confirming)}>
                {t('admin.purge.deletePermanently')}
              </Button>
            </DialogFooter>
          </>
        )}
      </AdminDialog>
    </Box>
  )
}
