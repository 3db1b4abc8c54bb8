// Every /admin route renders inside this shell (spec 001 §2, clarifications roles table):
// no session → /login; the stored session is verified with the server once per page load
// (401 → signed out → /login); a screen the role may not see → /admin (contract adminRedirect);
// while the password must change, only the dashboard (with its mandatory dialog) is shown.
import { Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { adminRedirect } from '../../../../api/contract/permissions'
import { EnglishOnlyContext } from '../../../i18n/runtime'
import { useIsOnline, useVerifiedSession } from '../../../shared/session'
import { PageLoading } from '../../../shared/ui/page-loading'
import { AdminChakraProvider } from './admin-chakra-provider'
import { AdminSessionContext } from './admin-session'
import { OfflineNotice } from './offline-notice'

/** The back office is English (decision 026): its shared parts (a demo badge, the password rules) too,
 * and its content says so to a screen reader whatever the page's language. */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <EnglishOnlyContext value>
      <AdminChakraProvider>
        <AdminGuard>{children}</AdminGuard>
      </AdminChakraProvider>
    </EnglishOnlyContext>
  )
}

function AdminGuard({ children }: { children: ReactNode }) {
  const session = useVerifiedSession()
  const { pathname } = useLocation()
  const isOnline = useIsOnline()

  if (session.status === 'signedOut') return <Navigate to="/login" replace />
  if (session.status === 'verifying') return <PageLoading />
  const path = pathname.replace(/\/+$/, '') || '/'
  const redirect = adminRedirect(session.user.role, path)
  if (redirect) return <Navigate to={redirect} replace />
  if (session.user.mustChangePassword && path !== '/admin') return <Navigate to="/admin" replace />

  return (
    <AdminSessionContext.Provider value={session}>
      <Stack gap="4" lang="en">
        <OfflineNotice isOnline={isOnline} />
        {children}
      </Stack>
    </AdminSessionContext.Provider>
  )
}
