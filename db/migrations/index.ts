// Every migration, by name. Kysely runs them in name order, so names start with a zero-padded number.
import type { Migration } from 'kysely'
import { initial } from './0001-initial'
import { directoryIndex } from './0002-directory-index'
import { auditKeepsUser } from './0003-audit-keeps-user'
import { farmReviewRatings } from './0004-farm-review-ratings'
import { answerScopes } from './0005-answer-scopes'
import { staffListOrder } from './0005-staff-list-order'
import { farmReviewSenders } from './0005-farm-review-senders'
import { demoMarks } from './0006-demo-marks'
import { sharedState } from './0007-shared-state'
import { translations } from './0008-translations'
import { publicReviewPages } from './0009-public-review-pages'
import { signupListOrder } from './0010-signup-list-order'

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-directory-index': directoryIndex,
  '0003-audit-keeps-user': auditKeepsUser,
  '0004-farm-review-ratings': farmReviewRatings,
  '0005-answer-scopes': answerScopes,
  '0005-staff-list-order': staffListOrder,
  '0005-farm-review-senders': farmReviewSenders,
  '0006-demo-marks': demoMarks,
  '0007-shared-state': sharedState,
  '0008-translations': translations,
  '0009-public-review-pages': publicReviewPages,
  '0010-signup-list-order': signupListOrder,
}
