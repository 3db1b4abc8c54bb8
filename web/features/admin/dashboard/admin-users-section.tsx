// The dashboard's Admin User Management section (global admin): Create Admin User and the list
// of admin users — cards on small screens, a table on large ones (spec 001 §2).
import { Badge, Box, Button, Card, Flex, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { roleLabels } from '../../../../api/contract/common'
import { messages } from '../../../../api/contract/messages'
import { statusAndBodyOr } from '../feedback'
import { formatFijiDate } from '../format'
import { useAdminUsers } from '../users/admin-users'
import { CreateUserDialog } from '../users/user-dialogs'
import { useT } from '../../../i18n/runtime'

export function AdminUsersSection({ enabled }: { enabled: boolean }) {
  const t = useT()
  const users = useAdminUsers(enabled)
  const [creating, setCreating] = useState(false)

  return (
    <Box as="section" aria-labelledby="admin-users">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between" mb="3">
        <Heading as="h2" size="lg" id="admin-users">
          {t('admin.adminUsers.heading')}
        </Heading>
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          {t('admin.adminUsers.create')}
        </Button>
      </Flex>

      {users.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label={t('admin.adminUsers.loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height="10" />
          ))}
        </Stack>
      ) : users.isError ? (
        <Text role="alert" color="fg.error">
          {messages.users.failedToFetch}
        </Text>
      ) : (
        <>
          <Stack as="ul" gap="3" listStyle="none" m="0" p="0" hideFrom="lg">
            {users.data.map((user) => (
              <Card.Root as="li" key={user.id} size="sm">
                <Card.Body gap="1">
                  <Text fontWeight="semibold">{user.name}</Text>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                    {user.email}
                  </Text>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge>{roleLabels[user.role]}</Badge>
                    <Text fontSize="sm">{t('admin.adminUsers.createdOn', { date: formatFijiDate(user.createdAt) })}</Text>
                  </Flex>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
          <Table.Root hideBelow="lg" size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('admin.column.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.column.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.column.role')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('admin.column.created')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {users.data.map((user) => (
                <Table.Row key={user.id}>
                  <Table.Cell>{user.name}</Table.Cell>
                  <Table.Cell>{user.email}</Table.Cell>
                  <Table.Cell>
                    <Badge>{roleLabels[user.role]}</Badge>
                  </Table.Cell>
                  <Table.Cell>{formatFijiDate(user.createdAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      )}

      <CreateUserDialog
        open={creating}
        onOpenChange={setCreating}
        title={t('admin.adminUsers.create')}
        errorText={(error) => statusAndBodyOr(error, messages.users.failedToCreateAdmin)}
      />
    </Box>
  )
}
