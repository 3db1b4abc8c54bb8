// /admin/audit-trail (spec 001 §2): expandable entries, newest first, paged back with "Load older
// entries"; purge by date range for roles holding audit.purge. Loading: 10 skeleton rows.
import { Badge, Box, Button, Flex, Heading, Skeleton, Stack, Text, chakra } from '@chakra-ui/react'
import { useId, useState } from 'react'
import type { AuditLog } from '../../../../api/contract/audit'
import { messages } from '../../../../api/contract/messages'
import { can } from '../../../../api/contract/permissions'
import { useDocumentTitle } from '../../../shared/site'
import { formatFijiDateTime } from '../format'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { formatAuditDetails } from './audit-details'
import { useAuditLogs } from './audit-logs'
import { PurgeAuditLogs } from './purge-audit-logs'
import { useT } from '../../../i18n/runtime'

export function AuditTrailScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.auditTrail'))
  const { user } = useAdminSession()
  const logs = useAuditLogs()
  const entries = logs.data?.pages.flat() ?? []

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Heading as="h1" size="2xl">
        {t('admin.screen.auditTrail')}
      </Heading>
      {can(user.role, 'audit.purge') && <PurgeAuditLogs />}
      <Box as="section" aria-labelledby="audit-entries">
        <Heading as="h2" size="lg" id="audit-entries" mb="3">
          {t('admin.audit.recentActivity')}
        </Heading>
        {logs.isPending ? (
          <Stack gap="2" role="status" aria-busy="true" aria-label={t('admin.audit.loading')}>
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} height="14" />
            ))}
          </Stack>
        ) : logs.isError ? (
          <Text role="alert" color="fg.error">
            {messages.audit.failedToLoad}
          </Text>
        ) : entries.length === 0 ? (
          <Text color="fg.muted">{messages.audit.noActivity}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyle="none" m="0" p="0">
            {entries.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
        {logs.hasNextPage && (
          <Button mt="4" variant="outline" onClick={() => void logs.fetchNextPage()} loading={logs.isFetchingNextPage}>
            {t('admin.audit.loadOlder')}
          </Button>
        )}
      </Box>
    </Stack>
  )
}

function AuditEntry({ entry }: { entry: AuditLog }) {
  const t = useT()
  const [expanded, setExpanded] = useState(false)
  const detailsId = useId()
  const target = [entry.targetType, entry.targetName].filter(Boolean).join(': ')
  const details = formatAuditDetails(entry.details)
  return (
    <Box as="li" borderWidth="1px" rounded="md" bg="bg">
      <chakra.button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((open) => !open)}
        w="full"
        textAlign="start"
        px="4"
        py="3"
        cursor="pointer"
        _hover={{ bg: 'bg.subtle' }}
      >
        <Flex as="span" gap="3" wrap="wrap" align="center">
          <Badge colorPalette="brand" variant="subtle">
            {entry.action.replaceAll('_', ' ')}
          </Badge>
          <Text as="span" fontWeight="semibold">
            {entry.userName ?? t('admin.audit.system')}
          </Text>
          {entry.userEmail && (
            <Text as="span" color="fg.muted" fontSize="sm">
              {entry.userEmail}
            </Text>
          )}
          {/* The row outlives its user: the name and e-mail it kept still say who it was. */}
          {entry.userId === null && entry.userName !== null && (
            <Badge colorPalette="gray" variant="outline">
              {t('admin.audit.accountDeleted')}
            </Badge>
          )}
          <Text as="span" fontSize="sm" color="fg.muted" ms={{ md: 'auto' }}>
            <time dateTime={entry.createdAt}>{formatFijiDateTime(entry.createdAt)}</time>
          </Text>
          <Text as="span" aria-hidden="true" fontSize="sm" color="fg.muted">
            {expanded ? '▲' : '▼'}
          </Text>
        </Flex>
        {(target || details) && (
          <Text as="span" display="block" mt="1" fontSize="sm">
            {target && <strong>{target}</strong>}
            {target && details && ' — '}
            {details}
          </Text>
        )}
      </chakra.button>
      <Box id={detailsId} hidden={!expanded} px="4" pb="3" fontSize="sm">
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'max-content 1fr' }} columnGap="4" rowGap="1">
          <Text as="dt" fontWeight="semibold">
            {t('admin.audit.ipAddress')}
          </Text>
          <Text as="dd">{entry.ipAddress ?? '—'}</Text>
          <Text as="dt" fontWeight="semibold">
            {t('admin.audit.userAgent')}
          </Text>
          <Text as="dd" wordBreak="break-word">
            {entry.userAgent ?? '—'}
          </Text>
          <Text as="dt" fontWeight="semibold">
            {t('admin.audit.targetId')}
          </Text>
          <Text as="dd" wordBreak="break-all">
            {entry.targetId ?? '—'}
          </Text>
        </Box>
      </Box>
    </Box>
  )
}
