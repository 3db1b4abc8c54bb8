// A light tooltip for the initial chunk (Chakra's Tooltip brings Ark's popper and state machine).
// Spec 000 §9: open delay 700 ms, skip delay 300 ms (moving straight from one trigger to the next
// opens at once). The text is always the trigger's accessible description (aria-describedby), so
// screen readers get it without hovering; it shows on hover and on keyboard focus, stays while the
// pointer is over it, and Escape, a click, scrolling or leaving hides it (WCAG 1.4.13).
import { chakra } from '@chakra-ui/react'
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'

export const TOOLTIP_OPEN_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

let lastClosedAt = -Infinity

/** Delay before opening, given when the last tooltip closed (skip delay). */
export function tooltipOpenDelay(now: number, closedAt: number): number {
  return now - closedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS
}

/** Left edge that keeps a bubble of `width` centred on the trigger but inside the viewport. */
export function tooltipLeft(triggerLeft: number, triggerWidth: number, width: number, viewportWidth: number, margin = 8): number {
  const centred = triggerLeft + triggerWidth / 2 - width / 2
  return Math.max(margin, Math.min(centred, viewportWidth - width - margin))
}

interface Position {
  left: number
  top: number
  width: number
}

export interface TooltipProps {
  label: string
  /** Renders the trigger; give it `aria-describedby={describedBy}`. */
  children: (describedBy: string) => ReactNode
}

export function Tooltip({ label, children }: TooltipProps) {
  const id = useId()
  const wrapper = useRef<HTMLSpanElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const [position, setPosition] = useState<Position | null>(null)

  const hide = useCallback(() => {
    clearTimeout(timer.current)
    setPosition((open) => {
      if (open) lastClosedAt = Date.now()
      return null
    })
  }, [])

  const show = () => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const rect = wrapper.current?.getBoundingClientRect()
      if (!rect) return
      const width = Math.min(256, window.innerWidth - 16)
      setPosition({ left: tooltipLeft(rect.left, rect.width, width, window.innerWidth), top: rect.top - 8, width })
    }, tooltipOpenDelay(Date.now(), lastClosedAt))
  }

  useEffect(() => () => clearTimeout(timer.current), [])

  useEffect(() => {
    if (!position) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    document.addEventListener('keydown', onKey)
    window.addEventListener('scroll', hide, { passive: true, capture: true })
    return () => {
      document.removeEventListener('keydown', onKey)
      window.removeEventListener('scroll', hide, { capture: true })
    }
  }, [position, hide])

  return (
    <chakra.span
      ref={wrapper}
      display="block"
      onPointerEnter={(e) => e.pointerType === 'mouse' && show()}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={(e) => e.target.matches(':focus-visible') && show()}
      onBlur={hide}
    >
      {children(id)}
      <chakra.span
        id={id}
        role="tooltip"
        display={position ? 'block' : 'none'}
        position="fixed"
        zIndex="tooltip"
        style={position ? { left: position.left, top: position.top, width: position.width } : undefined}
        transform="translateY(-100%)"
        bg="gray.900"
        color="white"
        fontSize="sm"
        lineHeight="short"
        px="3"
        py="2"
        borderRadius="md"
        boxShadow="md"
        textAlign="center"
      >
        {label}
      </chakra.span>
    </chakra.span>
  )
}
