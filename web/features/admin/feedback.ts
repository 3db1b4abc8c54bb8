// How the back office reports outcomes (spec 001 §8): success toasts titled with the spec's
// text; failures as a destructive toast titled 'Error' with the server's message or the spec's
// fallback. One place, so every screen words it the same way.
import { useEffect } from 'react'
import { messages } from '../../../api/contract/messages'
import { errorStatus, serverMessage } from '../../shared/session'
import { toast } from '../../shared/ui/toast'

export function toastSuccess(title: string): void {
  toast({ title })
}

export function toastError(description: string): void {
  toast({ title: messages.common.errorTitle, description, variant: 'destructive' })
}

/** The server's message, else the spec's fallback ('Failed to update user'…). */
export function messageOr(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback
}

/** 'status: body' (the dashboard's create-admin-user error, spec 001 §8), else the fallback. */
export function statusAndBodyOr(error: unknown, fallback: string): string {
  const status = errorStatus(error)
  if (status === undefined) return fallback
  const body = serverMessage(error)
  return body ? `${status}: ${body}` : String(status)
}

/** Toasts a load failure once per failed attempt ('Failed to fetch stats'…). */
export function useLoadErrorToast(error: unknown, description: string): void {
  useEffect(() => {
    if (error) toastError(description)
  }, [error, description])
}
