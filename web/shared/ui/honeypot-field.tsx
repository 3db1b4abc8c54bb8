// The public forms' hidden honeypot (api/contract/honeypot.ts). People never meet it: it sits off
// screen (not display:none, which bots skip), is hidden from screen readers (aria-hidden), out of
// the tab order (tabIndex -1) and out of autofill. The form never fills it; a bot that fills every
// input does, and the server then answers as if accepted and keeps nothing.
import { chakra } from '@chakra-ui/react'
import { useId, type RefObject } from 'react'
import { HONEYPOT_FIELD } from '../../../api/contract'
import { useT } from '../../i18n/runtime'

export function HoneypotField({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const id = useId()
  const t = useT()
  return (
    <chakra.div aria-hidden="true" position="absolute" left="-10000px" top="0" width="1px" height="1px" overflow="hidden" data-testid="honeypot">
      <label htmlFor={id}>{t('ui.honeypot.label')}</label>
      <input ref={inputRef} id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </chakra.div>
  )
}

/** What to add to the submitted body: the field only when something filled it. */
export function honeypotOf(input: HTMLInputElement | null): { [HONEYPOT_FIELD]?: string } {
  const value = input?.value ?? ''
  return value === '' ? {} : { [HONEYPOT_FIELD]: value }
}
