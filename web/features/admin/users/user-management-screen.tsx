// /admin/user-management (spec 001 §2, global only): a card grid of admin users with Edit, Reset
// and Delete (never on one's own card), Add User, and the CSV export.
import { Badge, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { roleLabels } from '../../../../api/contract/common'
import { messages } from '../../../../api/contract/messages'
import type { AdminUser } from '../../../../api/contract/users'
import { exportCsv } from '../../../shared/csv'
import { useDocumentTitle } from '../../../shared/site'
import { messageOr } from '../feedback'
import { formatFijiDate } from '../format'
import { useAdminSession } from '../ui/admin-session'
import { BackToDashboard } from '../ui/back-to-dashboard'
import { adminUsersCsv, useAdminUsers } from './admin-users'
import { CreateUserDialog, DeleteUserDialog, EditUserDialog, ResetPasswordDialog } from './user-dialogs'
import { useT } from '../../../i18n/runtime'

export function UserManagementScreen() {
  const t = useT()
  useDocumentTitle(t('admin.screen.userManagement'))
  const { user: me } = useAdminSession()
  const users = useAdminUsers()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<AdminUser | null>(null)
  const [resetting, setResetting] = useState<AdminUser | null>(null)
  const [deleting, setDeleting] = useState<AdminUser | null>(null)

  return (
    <Stack gap="6">
      <BackToDashboard />
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Heading as="h1" size="2xl">
          {t('admin.screen.userManagement')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => exportCsv(adminUsersCsv(users.data ?? []))} disabled={users.isPending}>
            {t('admin.exportCsv')}
          </Button>
          <Button colorPalette="brand" onClick={() => setAdding(true)}>
            {t('admin.users.add')}
          </Button>
        </HStack>
      </Flex>

      {users.isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" role="status" aria-busy="true" aria-label={t('admin.adminUsers.loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height="40" />
          ))}
        </SimpleGrid>
      ) : users.isError ? (
        <Text role="alert" color="fg.error">
          {messages.users.failedToFetch}
        </Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" listStyle="none" m="0" p="0">
          {users.data.map((user) => (
            <Card.Root as="li" key={user.id} size="sm">
              <Card.Body gap="2">
                <Heading as="h2" size="md">
                  {user.name}
                </Heading>
                <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
                  {user.email}
                </Text>
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette={user.role === 'global_admin' ? 'brand' : 'gray'}>{roleLabels[user.role]}</Badge>
                  {user.mustChangePassword && <Badge colorPalette="orange">{t('admin.users.mustChangePassword')}</Badge>}
                </HStack>
                <Text fontSize="sm">{t('admin.adminUsers.createdOn', { date: formatFijiDate(user.createdAt) })}</Text>
              </Card.Body>
              <Card.Footer gap="2" flexWrap="wrap">
                <Button size="sm" variant="outline" aria-label={t('admin.editNamed', { name: user.name })} onClick={() => setEditing(user)}>
                  {t('admin.edit')}
                </Button>
                <Button size="sm" variant="outline" aria-label={t('admin.users.resetNamed', { name: user.name })} onClick={() => setResetting(user)}>
                  {t('admin.users.reset')}
                </Button>
                {user.id !== me.id && (
                  <Button size="sm" variant="outline" colorPalette="red" aria-label={t('admin.deleteNamed', { name: user.name })} onClick={() => setDeleting(user)}>
                    {t('admin.delete')}
                  </Button>
                )}
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}

      <CreateUserDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('admin.users.add')}
        errorText={(error) => messageOr(error, messages.users.failedToCreate)}
      />
      <EditUserDialog user={editing} isSelf={editing?.id === me.id} onOpenChange={(open) => !open && setEditing(null)} />
      <ResetPasswordDialog user={resetting} onOpenChange={(open) => !open && setResetting(null)} />
      <DeleteUserDialog user={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </Stack>
  )
}
