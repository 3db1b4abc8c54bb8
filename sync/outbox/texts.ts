// What the outbox engine says about an item it could not send yet (stored on the item as lastError and
// shown by the Outbox screen). English, the product's language: the words are kept with the item in
// IndexedDB, and web/i18n/messages.ts shows each in the reader's language from the catalog area
// `outbox.engine.*` (its English is these texts, checked by web/i18n/messages.test.ts). No React, no zod.

export const outboxTexts = {
  timedOut: 'The connection timed out. It will be sent automatically.',
  noConnection: 'No connection to the server. It will be sent automatically.',
  notOurServer: 'The network answered with something other than the server (a Wi-Fi sign-in page?). It will be sent automatically.',
  sessionExpired: 'Your session has expired. Sign in again to send it.',
  changePassword: 'Change your password to send it.',
  stillWorking: 'The server is still working on it. It will be checked again shortly.',
  busy: 'The server is busy. It will be sent automatically.',
  serverProblem: (status: number) => `The server had a problem (${status}). It will be sent automatically.`,
  tooLarge: 'This is too large for the server (a photo may be too big).',
  notAccepted: (status: number) => `The server did not accept this (${status}).`,
  signInAgain: 'Sign in again to send it.',
  phoneError: 'Something went wrong on this phone while sending. It will be tried again.',
  photosAgain: 'Some photos had to be uploaded again. It will be sent automatically.',
  noUploadAddress: 'The server gave no upload address for a photo. It will be tried again.',
  photoUnreadable: 'A photo of this item can no longer be read on this phone. Open “Fix and resend”, remove it, and send the item again.',
  heldForAgent: (name: string) => `Made by ${name}: it is sent only under their name, once they sign in on this phone.`,
  heldForAnotherAgent: 'Made by another agent: it is sent only under their name, once they sign in on this phone.',
  alreadySent: 'This item has already been sent.',
  beingSent: 'This item is being sent right now. Try again in a moment.',
  mayHaveArrived: 'This item may already have reached the server, so it cannot be changed until the server answers.',
  itemGone: 'This item is no longer in the outbox.',
} as const
