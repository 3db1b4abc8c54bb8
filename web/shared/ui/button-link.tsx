// A link that looks like a button: pass the link (a router Link or an <a>) as the only child.
// Chakra's Button always renders type="button", and asChild would copy that onto the <a>, where
// `type` means the linked resource's MIME type: invalid HTML (issue 23), so it is dropped here.
import { Button, type ButtonProps } from '@chakra-ui/react'
import { forwardRef } from 'react'

export const ButtonLink = forwardRef<HTMLButtonElement, Omit<ButtonProps, 'asChild' | 'type'>>(function ButtonLink(props, ref) {
  return <Button ref={ref} {...props} asChild type={undefined} />
})
