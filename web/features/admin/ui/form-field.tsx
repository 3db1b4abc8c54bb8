import { Field } from '@chakra-ui/react'
import { useId, useLayoutEffect, type ReactNode } from 'react'

export interface FormFieldProps {
  label: string
  error?: string
  /** Shows the required star (spec 001 §2: "required fields starred"). */
  required?: boolean
  helperText?: ReactNode
  /** The control: a Chakra Input, NativeSelect… (they read the field's id, label and state). */
  children: ReactNode
}

export function FormField({ label, error, required, helperText, children }: FormFieldProps) {
  // Ark names the control by the root's `id` (its `ids.control` is the root's own).
  const controlId = useId()
  const ids = { helperText: useId(), errorText: useId() }
  // The field's control names its error in aria-describedby, which screen readers read with the
  // field: Ark names it only in aria-errormessage, which most of them ignore (and Chromium's
  // accessible description leaves out). Set on the control the field's id points to, whatever it is.
  const describedBy = [helperText ? ids.helperText : null, error ? ids.errorText : null].filter(Boolean).join(' ')
  useLayoutEffect(() => {
    const control = document.getElementById(controlId)
    if (!control) return
    if (describedBy) control.setAttribute('aria-describedby', describedBy)
    else control.removeAttribute('aria-describedby')
  }, [controlId, describedBy])
  return (
    <Field.Root id={controlId} invalid={!!error} required={required} ids={ids}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}
