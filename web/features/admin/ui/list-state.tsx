// The three states every admin list shares: a 5-row skeleton while loading (spec 001 §9), the
// spec's load-failure text, and the spec's empty text.
import { Badge, Skeleton, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useT } from '../../../i18n/runtime'

export function ListState({ isPending, isError, isEmpty, failedText, emptyText, label, children }: {
  isPending: boolean
  isError: boolean
  isEmpty: boolean
  failedText: string
  emptyText: ReactNode
  /** What is loading, for screen readers ('Loading produce'). */
  label: string
  children: ReactNode
}) {
  if (isPending)
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label={label}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height="12" />
        ))}
      </Stack>
    )
  if (isError)
    return (
      <Text role="alert" color="fg.error">
        {failedText}
      </Text>
    )
  if (isEmpty) return typeof emptyText === 'string' ? <Text color="fg.muted">{emptyText}</Text> : <>{emptyText}</>
  return <>{children}</>
}

/** Active or Inactive, as the reference lists show it. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  const t = useT()
  return <Badge colorPalette={isActive ? 'green' : 'gray'}>{isActive ? t('admin.status.active') : t('admin.status.inactive')}</Badge>
}
