// Small accessible form parts shared by the two signup forms (this feature's chunks only).
// Plain elements with Chakra's input/textarea recipes: every control has a <label>, required
// ones are starred and aria-required, an error is linked with aria-invalid + aria-describedby,
// groups are fieldsets with legends, and a failed submit focuses an error summary.
import { Box, Heading, Text, chakra, createRecipeContext, type HTMLChakraProps, type RecipeProps } from '@chakra-ui/react'
import { textareaRecipe } from '@chakra-ui/react/theme'
import { forwardRef, useEffect, useRef, type ReactNode } from 'react'
import { useT } from '../../i18n/runtime'
import { textAround } from '../../i18n/messages'

export { TextInput } from '../../shared/ui/text-input'

/** The star after a required field's label (the words are in the form's intro). */
export function RequiredMark() {
  return (
    <chakra.span aria-hidden="true" color="fg.error" ms="0.5">
      *
    </chakra.span>
  )
}

/** The form's intro line about the star. */
export function RequiredFieldsNote() {
  const t = useT()
  const [before, after] = textAround(t, 'signup.form.requiredNote', 'star')
  return (
    <Text mt="1" mb="6" color="fg.muted">
      {before}
      <RequiredMark /> <chakra.span srOnly>{t('signup.form.withAStar')}</chakra.span>
      {after}
    </Text>
  )
}

/** Props that wire a control to its label, hint and error. */
export function controlProps(id: string, { error, hint, required }: { error?: string; hint?: boolean; required?: boolean }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required ? true : undefined,
  } as const
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <Text id={`${id}-error`} mt="1" fontSize="sm" color="fg.error" fontWeight="medium">
      {message}
    </Text>
  )
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Text id={`${id}-hint`} fontSize="sm" color="fg.muted" mb="1">
      {children}
    </Text>
  )
}

/** Label, optional hint, the control, and its error. */
export function FormField({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  required?: boolean
  hint?: ReactNode
  error?: string
  children: ReactNode
}) {
  return (
    <Box>
      <chakra.label htmlFor={id} display="block" fontWeight="medium" mb="1">
        {label}
        {required ? <RequiredMark /> : null}
      </chakra.label>
      {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
      {children}
      <FieldError id={id} message={error} />
    </Box>
  )
}

/** A form section: a fieldset whose legend is a level-2 heading. */
export function FormSection({
  title,
  description,
  children,
  ...fieldset
}: { title: ReactNode; description?: ReactNode; children: ReactNode } & Omit<HTMLChakraProps<'fieldset'>, 'title' | 'children'>) {
  return (
    <chakra.fieldset
      {...fieldset}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.700', outlineOffset: '2px' }}
      borderWidth="1px" borderColor="gray.200" borderRadius="xl" p={{ base: '4', md: '6' }} minW="0" bg="white">
      <chakra.legend float="left" width="full" mb="4" p="0">
        <Heading as="h2" size="lg" color="brand.900">
          {title}
        </Heading>
        {/* A legend holds headings and phrasing content only: the description is a block span, not a <p>. */}
        {description ? (
          <Text as="span" display="block" mt="1" fontSize="sm" fontWeight="normal" color="fg.muted">
            {description}
          </Text>
        ) : null}
      </chakra.legend>
      <Box clear="both" display="flex" flexDirection="column" gap="5">
        {children}
      </Box>
    </chakra.fieldset>
  )
}

/** A native checkbox with its label on the right. */
export const CheckboxField = forwardRef<HTMLInputElement, HTMLChakraProps<'input'> & { label: ReactNode }>(function CheckboxField(
  { label, id, ...input },
  ref,
) {
  return (
    <chakra.label htmlFor={id} display="flex" alignItems="flex-start" gap="2.5" cursor="pointer" py="1">
      <chakra.input ref={ref} id={id} type="checkbox" boxSize="5" mt="0.5" flexShrink="0" accentColor="brand.800" cursor="pointer" {...input} />
      <chakra.span>{label}</chakra.span>
    </chakra.label>
  )
})

const { withContext: withTextareaContext } = createRecipeContext({ key: 'textarea', recipe: textareaRecipe })
export interface TextAreaProps extends HTMLChakraProps<'textarea'>, RecipeProps<'textarea'> {}
/** Chakra's textarea recipe on a plain <textarea> (the recipe travels in this chunk). */
export const TextArea = withTextareaContext<HTMLTextAreaElement, TextAreaProps>('textarea')

const { withContext: withInputContext } = createRecipeContext({ key: 'input' })
export interface SelectInputProps extends HTMLChakraProps<'select'>, RecipeProps<'input'> {}
const chevron = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%2352525b'%3E%3Cpath d='M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z'/%3E%3C/svg%3E")`
const StyledSelect = withInputContext<HTMLSelectElement, SelectInputProps>('select')
/** A native <select> that looks like the text inputs (set `bgColor`, not `bg`, which would drop the chevron). */
export const SelectInput = forwardRef<HTMLSelectElement, SelectInputProps>(function SelectInput(props, ref) {
  return <StyledSelect ref={ref} css={{ backgroundImage: chevron, backgroundRepeat: 'no-repeat', backgroundPosition: 'right 0.75rem center', backgroundSize: '1.1rem' }} pe="10" {...props} />
})

export interface SummaryError {
  /** id of the control to focus. */
  id: string
  message: string
}

/**
 * Shown after a failed submit: a focused alert listing every problem, each a link that moves
 * focus to its field. `focusKey` changes on each failed submit so focus moves every time.
 */
export function ErrorSummary({ errors, focusKey }: { errors: SummaryError[]; focusKey: number }) {
  const t = useT()
  const box = useRef<HTMLDivElement>(null)
  // The form's errors may arrive a render after the failed submit: focus once the box is there.
  const focusedFor = useRef(0)
  useEffect(() => {
    if (focusKey > focusedFor.current && box.current) {
      focusedFor.current = focusKey
      box.current.focus()
    }
  })
  if (errors.length === 0) return null
  return (
    <Box
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      borderWidth="2px"
      borderColor="red.600"
      borderRadius="lg"
      bg="white"
      p="4"
      mb="6"
      _focusVisible={{ outline: '3px solid', outlineColor: 'red.600', outlineOffset: '2px' }}
    >
      <Heading as="h2" id="error-summary-title" size="md" color="red.700">
        {t('signup.form.errorSummary')}
      </Heading>
      <chakra.ul mt="2" ps="5" listStyleType="disc">
        {errors.map((error) => (
          <chakra.li key={`${error.id}:${error.message}`} mt="1">
            <chakra.a
              href={`#${error.id}`}
              color="red.700"
              textDecoration="underline"
              textUnderlineOffset="3px"
              onClick={(event) => {
                const target = document.getElementById(error.id)
                if (!target) return
                event.preventDefault()
                target.focus()
                target.scrollIntoView({ block: 'center' })
              }}
            >
              {error.message}
            </chakra.a>
          </chakra.li>
        ))}
      </chakra.ul>
    </Box>
  )
}
