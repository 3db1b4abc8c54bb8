import { createContext, useContext } from 'react'
import type { SessionUser } from '../../../../api/contract/auth'

export interface AdminSession {
  token: string
  user: SessionUser
  /** False when the server could not be asked on this load (offline): the stored user is shown. */
  verified: boolean
}

export const AdminSessionContext = createContext<AdminSession | null>(null)

/** The signed-in staff user; only screens rendered inside <AdminShell> may call it. */
export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext)
  if (!session) throw new Error('useAdminSession is used outside <AdminShell>')
  return session
}
