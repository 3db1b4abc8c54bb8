// Purge audit logs by date range (spec 001 §5). Only for roles holding audit.purge.
import { messages } from '../../../../api/contract/messages'
import { PurgePanel } from '../ui/purge-panel'
import { auditLogsKey } from './audit-logs'

export function PurgeAuditLogs() {
  return (
    <PurgePanel
      title="Purge Audit Logs"
      buttonLabel="Purge Logs"
      confirmTitle="Purge audit logs?"
      what="Every audit log entry"
      endpoint="/api/admin/audit-logs/purge"
      queryKey={auditLogsKey}
      purged={messages.audit.purged}
      failed={messages.audit.failedToPurge}
    />
  )
}
