// The honest screen (offline-sync promise 3) when the server did not have the submission within
// a few seconds: it is saved on this phone and goes out by itself (the words say why it waits:
// offline, a sign-in, a server failure, no answer yet); the Outbox shows it.
import { type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { savedTexts, type SavedReason } from '../../shared/outbox/outcome'
import { OutcomeScreen } from './outcome-screen'
import { ButtonLink } from '../../shared/ui/button-link'

export function SavedOnPhone({ what, reason, children }: { what: string; reason: SavedReason; children?: ReactNode }) {
  const waitsForSignIn = reason === 'signIn'
  return (
    <OutcomeScreen
      mark="⟳"
      markColor="orange.700"
      title={savedTexts.title}
      leadRole="status"
      lead={
        <>
          {what} is saved on this phone. {savedTexts.description[reason]}
        </>
      }
      note={<>Keep the app installed and do not clear the browser&apos;s data until it has been sent.</>}
    >
      <ButtonLink colorPalette="brand">
        <RouterLink to="/outbox">Open the Outbox</RouterLink>
      </ButtonLink>
      {waitsForSignIn ? (
        <ButtonLink variant="outline" colorPalette="brand">
          <RouterLink to="/login?next=/outbox">Sign in to send</RouterLink>
        </ButtonLink>
      ) : null}
      {children}
    </OutcomeScreen>
  )
}
