// Purge audit logs by date range (spec 001 §5). Only for roles holding audit.purge.
import { messages } from '../../../../api/contract/messages'
import { PurgePanel } from '../ui/purge-panel'
import { auditLogsKey } from './audit-logs'
import { useT } from '../../../i18n/runtime'

export function PurgeAuditLogs() {
  const t = useT()
  return (
    <PurgePanel
      title={t('admin.audit.purge.title')}
      buttonLabel={t('admin.audit.purge.button')}
      confirmTitle={t('admin.audit.purge.confirmTitle')}
      what={t('admin.audit.purge.what')}
      endpoint="/api/admin/audit-logs/purge"
      queryKey={auditLogsKey}
      purged={messages.audit.purged}
      failed={messages.audit.failedToPurge}
    />
  )
}
