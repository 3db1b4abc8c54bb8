// The honest screen (offline-sync promise 3) when the server did not have the submission within
// a few seconds: it is saved on this phone and goes out by itself (the words say why it waits:
// offline, a sign-in, a server failure, no answer yet); the Outbox shows it. It keeps watching the
// item: once the server has it, the page shows its "submitted" screen (an agent on a slow link must
// not take a farmer that arrived for one that did not, and sign them up twice); if the server
// refuses it, its reason shows here.
import { chakra } from '@chakra-ui/react'
import { useEffect, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { savedTexts, type SavedReason } from '../../shared/outbox/outcome'
import { OutcomeScreen } from './outcome-screen'
import { ButtonLink } from '../../shared/ui/button-link'
import { useT } from '../../i18n/runtime'
import { translateMessage } from '../../i18n/messages'
import { useOutboxItem } from '../../shared/outbox/hooks'

/** `lead` says what was saved, in the reader's words ("The farmer's signup is saved on this phone.");
 * `onSent` runs once the server has item `itemId`. */
export function SavedOnPhone({ lead, reason, itemId, onSent, children }: { lead: string; reason: SavedReason; itemId: string; onSent: () => void; children?: ReactNode }) {
  const t = useT()
  const texts = savedTexts
  const waitsForSignIn = reason === 'signIn'
  const item = useOutboxItem(itemId)
  const sent = item?.status === 'sent'
  useEffect(() => {
    if (sent) onSent()
  }, [sent, onSent])
  const refusal = item?.status === 'needsAttention' ? (item.lastError?.message ?? t('outbox.refusedWithoutReason')) : undefined
  return (
    <OutcomeScreen
      mark="⟳"
      markColor="orange.700"
      title={texts.title}
      leadRole="status"
      lead={
        refusal === undefined ? (
          `${lead} ${texts.description[reason]}`
        ) : (
          <>
            {lead}{' '}
            <chakra.strong color="red.700">
              {t('outbox.status.needsAttention')}: {translateMessage(refusal)}
            </chakra.strong>
          </>
        )
      }
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
