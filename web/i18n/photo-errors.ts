// A photo that could not be prepared says why in the reader's language. sync/ speaks English only
// (it knows nothing of the web); its messages are mapped here, at the web's edge, to catalog keys
// named as sync names them. Any other text goes through the validation messages, else shows as is.
import { PHOTO_PREPARE_MESSAGES } from '../../sync/outbox/photo-encode'
import { t } from './runtime'
import { translateMessage } from './messages'

const keyOf = new Map<string, string>(Object.entries(PHOTO_PREPARE_MESSAGES).map(([name, english]) => [english, `signup.photo.error.${name}`]))

/** A photo error (from preparing it, or a size check) in the current language. */
export function translatePhotoError(english: string): string {
  const key = keyOf.get(english)
  return key ? t(key) : translateMessage(english)
}
