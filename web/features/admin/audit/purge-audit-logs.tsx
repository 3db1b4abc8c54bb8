// Purge audit logs by date range (spec 001 §5): both dates required, start not after end, and a
// confirmation that says the deletion is permanent. Only for roles holding audit.purge.
import { Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { AuditPurgeSchema, type AuditPurge } from '../../../../api/contract/audit'
import type { PurgeResponse } from '../../../../api/contract/common'
import { messages } from '../../../../api/contract/messages'
import { apiRequest } from '../../../shared/api'
import { useIsOnline } from '../../../shared/session'
import { toastError, toastSuccess } from '../feedback'
import { AdminDialog, DialogBody, DialogFooter } from '../ui/admin-dialog'
import { FormField } from '../ui/form-field'
import { OfflineNotice } from '../ui/offline-notice'
import { auditLogsKey } from './audit-logs'

export function PurgeAuditLogs() {
  const isOnline = useIsOnline()
  const queryClient = useQueryClient()
  const [range, setRange] = useState({ startDate: '', endDate: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<AuditPurge | null>(null)

  const purge = useMutation({
    mutationFn: async (body: AuditPurge) => (await (await apiRequest('DELETE', '/api/admin/audit-logs/purge', body)).json()) as PurgeResponse,
    onSuccess: ({ deletedCount }) => {
      toastSuccess(messages.audit.purged(deletedCount))
      setConfirming(null)
      setRange({ startDate: '', endDate: '' })
      return queryClient.invalidateQueries({ queryKey: auditLogsKey })
    },
    onError: () => toastError(messages.audit.failedToPurge),
  })

  const review = (event: FormEvent) => {
    event.preventDefault()
    const parsed = AuditPurgeSchema.safeParse(range)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? messages.purge.bothDatesRequired)
      return
    }
    setProblem(null)
    setConfirming(parsed.data)
  }

  return (
    <Box as="section" aria-labelledby="purge-audit-logs" borderWidth="1px" rounded="md" p="4">
      <Heading as="h2" size="lg" id="purge-audit-logs" mb="3">
        Purge Audit Logs
      </Heading>
      <form onSubmit={review} noValidate>
        <Stack gap="3">
          <Flex gap="3" wrap="wrap" align="flex-end">
            <Box minW="12rem">
              <FormField label="Start Date">
                <Input type="date" value={range.startDate} onChange={(e) => setRange((r) => ({ ...r, startDate: e.target.value }))} />
              </FormField>
            </Box>
            <Box minW="12rem">
              <FormField label="End Date">
                <Input type="date" value={range.endDate} onChange={(e) => setRange((r) => ({ ...r, endDate: e.target.value }))} />
              </FormField>
            </Box>
            <Button type="submit" colorPalette="red" variant="outline" disabled={!isOnline}>
              Purge Logs
            </Button>
          </Flex>
          {problem && (
            <Text role="alert" color="fg.error">
              {problem}
            </Text>
          )}
        </Stack>
      </form>
      <AdminDialog open={!!confirming} onOpenChange={(open) => !open && setConfirming(null)} title="Purge audit logs?" role="alertdialog">
        {confirming && (
          <>
            <DialogBody>
              <Stack gap="3">
                <Text>
                  Every audit log entry from <strong>{confirming.startDate}</strong> to <strong>{confirming.endDate}</strong> (Fiji
                  time) will be deleted permanently. This cannot be undone.
                </Text>
                <OfflineNotice isOnline={isOnline} />
              </Stack>
            </DialogBody>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button colorPalette="red" disabled={!isOnline} loading={purge.isPending} onClick={() => purge.mutate(confirming)}>
                Delete permanently
              </Button>
            </DialogFooter>
          </>
        )}
      </AdminDialog>
    </Box>
  )
}
