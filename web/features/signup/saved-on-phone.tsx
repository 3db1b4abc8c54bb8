// The honest screen (offline-sync promise 3) when the server did not have the submission within
// a few seconds: it is saved on this phone and goes out by itself (the words say why it waits:
// offline, a sign-in, a server failure, no answer yet); the Outbox shows it.
import { type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { savedTexts, type SavedReason } from '../../shared/outbox/outcome'
import { OutcomeScreen } from './outcome-screen'
import { ButtonLink } from '../../shared/ui/button-link'
import { useT } from '../../i18n/runtime'

/** `lead` says what was saved, in the reader's words ("The farmer's signup is saved on this phone."). */
export function SavedOnPhone({ lead, reason, children }: { lead: string; reason: SavedReason; children?: ReactNode }) {
  const t = useT()
  const texts = savedTexts
  const waitsForSignIn = reason === 'signIn'
  return (
    <OutcomeScreen
      mark="⟳"
      markColor="orange.700"
      title={texts.title}
      leadRole="status"
      lead={`${lead} ${texts.description[reason]}`}
      note={t('signup.saved.keepInstalled')}
    >
      <ButtonLink colorPalette="brand">
        <RouterLink to="/outbox">{t('signup.saved.openOutbox')}</RouterLink>
      </ButtonLink>
      {waitsForSignIn ? (
        <ButtonLink variant="outline" colorPalette="brand">
          <RouterLink to="/login?next=/outbox">{t('signup.saved.signInToSend')}</RouterLink>
        </ButtonLink>
      ) : null}
      {children}
    </OutcomeScreen>
  )
}
