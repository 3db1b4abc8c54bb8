// Star ratings: a read-only display and an input. The input is five native radio buttons in a
// fieldset (arrow keys move between them, the legend names the group), drawn as stars.
import { Box, chakra } from '@chakra-ui/react'
import { useId, type Ref } from 'react'
import { starColours } from './tones'
import { useT } from '../../i18n/runtime'

/** Read-only stars, e.g. for an average of 4.3: four filled, one empty; read as "4.3 out of 5 stars". */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  const t = useT()
  const filled = Math.round(value)
  const rounded = Math.round(value * 10) / 10
  return (
    <chakra.span role="img" aria-label={t('ui.stars.outOfFive', { rating: String(rounded) })} display="inline-flex" gap="0.5" fontSize={size === 'sm' ? 'md' : size === 'lg' ? '2xl' : 'xl'} lineHeight="1">
      {[1, 2, 3, 4, 5].map((n) => (
        <chakra.span key={n} aria-hidden="true" color={n <= filled ? starColours.filled.token : starColours.empty.token}>
          {n <= filled ? '★' : '☆'}
        </chakra.span>
      ))}
    </chakra.span>
  )
}

export interface StarRatingInputProps {
  legend: string
  /** 0 when nothing is chosen yet. */
  value: number
  onChange: (value: number) => void
  required?: boolean
  /** Text read after the stars, e.g. the rating's label. */
  hint?: string
  /** The first radio, to move focus here when a rating is missing. */
  firstInputRef?: Ref<HTMLInputElement>
  invalid?: boolean
}

export function StarRatingInput({ legend, value, onChange, required, hint, firstInputRef, invalid }: StarRatingInputProps) {
  const t = useT()
  const name = useId()
  const hintId = useId()
  return (
    <chakra.fieldset border="none" p="0" m="0" aria-describedby={hint ? hintId : undefined} aria-invalid={invalid || undefined}>
      <chakra.legend fontWeight="medium" mb="1">
        {legend}
        {required ? (
          <>
            <chakra.span color="red.600" aria-hidden="true">
              {' '}
              *
            </chakra.span>
            <chakra.span srOnly> {t('ui.required')}</chakra.span>
          </>
        ) : null}
      </chakra.legend>
      <Box display="flex" alignItems="center" gap="1" flexWrap="wrap">
        {[1, 2, 3, 4, 5].map((n) => (
          <chakra.label
            key={n}
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="11"
            fontSize="3xl"
            lineHeight="1"
            cursor="pointer"
            borderRadius="md"
            color={n <= value ? starColours.filled.token : starColours.empty.token}
            _hover={{ bg: 'orange.50' }}
            css={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '2px' } }}
          >
            <chakra.input
              ref={n === 1 ? firstInputRef : undefined}
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              srOnly
            />
            <span aria-hidden="true">{n <= value ? '★' : '☆'}</span>
            <chakra.span srOnly>{t('ui.stars.count', { count: n })}</chakra.span>
          </chakra.label>
        ))}
        {hint ? (
          <chakra.span id={hintId} ms="2" color="fg.muted" fontSize="sm">
            {hint}
          </chakra.span>
        ) : null}
      </Box>
    </chakra.fieldset>
  )
}
