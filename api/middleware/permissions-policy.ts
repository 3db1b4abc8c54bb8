// Permissions-Policy (helmet does not set it): every powerful feature the app never uses is off
// for this origin and anything it embeds. The signup's photo capture is an <input capture>, which
// opens the phone's camera app and needs no permission; camera stays allowed for this origin only,
// so a future in-page capture works without reopening the header. Clipboard writes (the back
// office's "copy link") are left to the browser's default, which is same-origin. Only features
// Chromium knows are named: an unknown one is logged as an error on every page (e2e/shell.spec.ts).
import type { RequestHandler } from 'express'

const SELF_ONLY = ['camera'] as const
const NEVER_USED = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const

export const PERMISSIONS_POLICY = [...SELF_ONLY.map((feature) => `${feature}=(self)`), ...NEVER_USED.map((feature) => `${feature}=()`)].join(', ')

export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
  next()
}
