// Every user-facing validation and error text of the specs, verbatim, in one place, so the
// browser form and the server answer say exactly the same words. Spec wording "Google Analytics …"
// is rendered "Analytics …" (design card, clarifications). Entries marked `product:` are texts the
// specs leave unshown; they are this product's choice and may be reworded here only.

export const PRODUCT_NAME = 'Viti Farmers'

export const messages = {
  common: {
    required: 'Required',
    invalidInput: 'Invalid input',
    invalidDate: 'Invalid date',
    invalidEnumValue: 'Invalid enum value',
    /** product: a value of another type where text is expected (a number for a name); a missing one says its field's "… is required" or 'Required'. */
    expectedText: 'Expected text',
    /** product: a value of another type where a number is expected. */
    expectedNumber: 'Expected a number',
    /** product: a value other than a whole number where one is expected (4.5, "4"). */
    expectedWholeNumber: 'Expected a whole number',
    /** product: a value of another type where true or false is expected. */
    expectedTrueOrFalse: 'Expected true or false',
    /** product: a value of another type where a list is expected. */
    expectedList: 'Expected a list',
    /** product: a value of another type where an object is expected (a request body that is a list or a string). */
    expectedObject: 'Expected an object',
    /** product: a text shorter than its field allows, where the field has no text of its own. */
    textTooShort: 'Text is too short',
    /** product: a list shorter than its field allows, where the field has no text of its own. */
    tooFewItems: 'Too few items',
    /** product: a list longer than its field allows, where the field has no text of its own. */
    tooManyItems: 'Too many items',
    /** product: a number below its field's range, where the field has no text of its own. */
    numberTooSmall: 'Number is too small',
    /** product: a number above its field's range, where the field has no text of its own. */
    numberTooLarge: 'Number is too large',
    errorTitle: 'Error',
    internalServerError: 'Internal server error',
    notFoundHeading: '404 Page Not Found',
    notFoundText: 'Did you forget to add the page to the router?',
    noDataToExport: 'No data to export.',
    /** product: answer for an unknown API path or a missing record. */
    notFound: 'Not found',
    /** product: 401 when a session is needed and absent or expired. */
    sessionRequired: 'Please log in to continue',
    /** product: 403 when the role lacks the capability (clarifications roles table). */
    forbidden: 'You do not have permission to do that',
    /** product: too many requests from one address. */
    rateLimited: 'Too many requests. Please try again later.',
    /** product: 503 while the database cannot be reached or is briefly busy (a restart, a failover). */
    serviceUnavailable: 'The service is unavailable for a moment. Please try again shortly.',
    /** product: body over the size limit (413). */
    payloadTooLarge: 'Request is too large',
    /** product: an /api or /objects path that is no route of the contract (any case or spelling). */
    noSuchRoute: 'No such API route',
    /** product: a contract path called with a method it does not serve (HEAD and OPTIONS included). */
    methodNotAllowed: 'Method not allowed',
    /** product: a request target that is not a plain path (absolute-form, '*'). */
    badRequestTarget: 'Bad request target',
    /** product: a query parameter the route does not take (the answer caches key on the known ones only). */
    unknownQueryParameter: 'Unknown query parameter',
    /**
     * product: text (a JSON body's string or key, a path segment, a query value) holding a control
     * character other than tab, line feed and carriage return: NUL cannot be stored by PostgreSQL, and
     * none of them is typed on a keyboard. Also an invisible direction control or mark, or a zero-width
     * space, word joiner or U+FEFF (control-characters.ts).
     */
    controlCharacters: 'Text must not contain hidden control characters',
    /** product: a request body that is not valid JSON. */
    malformedJsonBody: 'Malformed JSON body',
    /** product: a body sent as something other than JSON (text/plain, a form) to a route that reads JSON. */
    jsonContentTypeRequired: 'Send the request body as JSON (Content-Type: application/json)',
    /** product: a JSON body in another charset (body-parser's charset.unsupported, 415). */
    utf8JsonRequired: 'Send the request body as UTF-8 JSON (Content-Type: application/json; charset=utf-8)',
    /** product: a body whose Content-Encoding the server cannot undo (encoding.unsupported, 415). */
    contentEncodingUnsupported: "The request body's Content-Encoding is not supported: send it as it is, or as gzip, deflate or br",
    /** product: a path with a broken percent-escape ('%ZZ'). */
    malformedPath: 'Malformed request path',
    /** product: any other request the server cannot read (4xx without a product text of its own). */
    badRequest: 'Bad request',
    /** product: a text longer than its field allows, where the field has no limit text of its own. */
    textTooLong: 'Text is too long',
    /** product: ?page= missing a number, repeated (?page=1&page=2), not whole, or out of range. */
    pageInvalid: 'Page must be given once, as a whole number from 1 to 100000',
    /** product: ?limit= not one whole number of 1 or more. */
    limitInvalid: 'Limit must be given once, as a whole number of 1 or more',
    /** product: ?pageSize= of a staff list missing a number, repeated, not whole, or out of range (STAFF_PAGE_SIZE_MAX). */
    pageSizeInvalid: 'Page size must be given once, as a whole number from 1 to 200',
    /** product: the audit log's ?limit= not one whole number from 1 to AUDIT_LOG_PAGE_MAX. */
    auditLimitInvalid: 'Limit must be given once, as a whole number from 1 to 1000',
    /** product: the audit log's ?before= (an entry id) not one whole number of 1 or more. */
    beforeInvalid: 'Before must be given once, as a whole number of 1 or more',
    /** product: a numeric id in a path (/api/produce/availability/abc/farmers) that is not a whole number of 1 or more. */
    idInvalid: 'The id must be a whole number of 1 or more',
  },

  auth: {
    invalidCredentials: 'Invalid email or password',
    tooManyAttempts: 'Too many attempts. Try again in 15 minutes.',
    passwordTooCommon: 'This password is too common. Please choose another.',
    /** product: login e-mail format (spec: "valid email"). */
    emailInvalid: 'Please enter a valid email address',
    /** product: login password empty (spec: "non-empty password"). */
    passwordRequired: 'Password is required',
    currentPasswordRequired: 'Current password is required',
    /** product: change-password with a wrong current password. */
    currentPasswordIncorrect: 'Current password is incorrect',
    /** product: change-password to the same password (a forced change must really change it). */
    passwordUnchanged: 'Please choose a new password that is different from your current one',
    passwordMinLength: 'Password must be at least 8 characters long',
    /** product: a password over 256 characters (login, change-password, new users). */
    passwordMax: 'Password cannot exceed 256 characters',
    passwordLowercase: 'Password must contain at least one lowercase letter',
    passwordUppercase: 'Password must contain at least one uppercase letter',
    passwordNumber: 'Password must contain at least one number',
    passwordSpecial: 'Password must contain at least one special character (@$!%*?&)',
    loginFailed: 'Login failed',
    loginSuccessful: 'Login successful',
    welcome: `Welcome to ${PRODUCT_NAME} Admin`,
    failedToVerifyUser: 'Failed to verify user',
    failedToChangePassword: 'Failed to change password',
    passwordChanged: 'Password changed successfully',
    /** product: 403 on every route but verify, change-password and logout while the user must change the password. */
    passwordChangeRequired: 'You must change your password before continuing',
    /** product: hint beside Remember me (clarifications, Sessions). */
    rememberMeHint: 'keeps you signed in in the field',
  },

  farmerSignup: {
    /** Spec 001 farmer form wording, reused: spec 000 shows no text for these two. */
    nameRequired: 'Name is required',
    phoneRequired: 'Phone is required',
    emailInvalid: 'Please enter a valid email',
    websiteInvalid: 'Please enter a valid URL',
    citiesRequired: 'At least one nearest town/city is required',
    produceRequired: 'At least one produce item is required',
    /** product: length limits of the signup form, texts not shown in the spec. */
    nameMax: 'Name cannot exceed 255 characters',
    phoneMax: 'Phone cannot exceed 50 characters',
    villageMax: 'Village cannot exceed 255 characters',
    tikinaMax: 'Tikina cannot exceed 255 characters',
    mpaisaNumberMax: 'M-PAiSA number cannot exceed 50 characters',
    mpaisaReceiptNumberMax: 'M-PAiSA receipt number cannot exceed 100 characters',
    commentsMax: 'Comments cannot exceed 10000 characters',
    /** product: more than 50 towns/cities ticked. */
    citiesMax: 'Maximum 50 towns/cities allowed',
    /** product: a town/city or produce name over 100 characters (the form offers only the lists' names). */
    cityNameMax: 'Town/city names cannot exceed 100 characters',
    produceNameMax: 'Produce names cannot exceed 100 characters',
    produceMax: 'Maximum 5 produce items allowed',
    subscriptionStartRequired: 'Subscription start date is required',
    subscriptionEndRequired: 'Subscription end date is required',
    /** product: issue 8 — an end on or before the start. */
    subscriptionEndBeforeStart: 'Subscription end date must be after the start date',
    /** product: a start before the product's first subscriptions (an absurd year would distort revenue once approved). */
    subscriptionStartTooEarly: 'Subscription start date cannot be before 1 January 2020',
    /** product: a start more than a year ahead of today (Pacific/Fiji). */
    subscriptionStartTooLate: 'Subscription start date cannot be more than one year from today',
    /** product: a subscription longer than 5 years. */
    subscriptionEndTooLate: 'Subscription end date cannot be more than 5 years after the start date',
    agreeToTermsRequired: 'You must agree to the Terms of Use to continue',
    /** product: clarifications allow up to 3 farm photos. */
    photosMax: 'Maximum 3 photos allowed',
    /** product: a photo path not issued by the upload endpoints. */
    photoPathInvalid: 'Invalid photo',
    /** product: a town/city that is not an active location (the form offers only the locations list). */
    cityNotActive: 'Please choose towns/cities from the locations list',
    /** product: the same refusal naming the towns/cities that are not on the list (one removed by staff after the form was filled). */
    citiesNotListed: (names: readonly string[]) =>
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not on the locations list. Please choose towns/cities from the locations list`,
    /** product: a produce name that is not an active produce item. */
    produceNotActive: 'Please choose produce from the active produce list',
    /** product: the same refusal naming the produce that is not on the list. */
    produceNotListed: (names: readonly string[]) =>
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not on the active produce list. Please choose produce from the active produce list`,
    cancelConfirm: "Are you sure you want to cancel? Any information you've entered will be lost.",
    submitFailed: 'Failed to submit signup',
    submitted: 'Application Submitted!',
    dataAgentMode: 'Data Agent Mode',
  },

  signups: {
    /** product: spec says a non-blank reason is required but shows no text. */
    rejectionReasonRequired: 'Please enter a reason for rejection',
    /** product: clarifications — approval of a signup whose e-mail already belongs to a farmer (409). */
    duplicateFarmerEmail: 'A farmer with this email already exists',
    /** product: processing a signup that is no longer pending (409). */
    alreadyProcessed: 'This signup has already been processed',
    possibleDuplicate: 'Possible duplicate',
    failedToFetch: 'Failed to fetch signups',
    failedToProcess: 'Failed to process signup',
    failedToPurge: 'Failed to purge signups',
    approved: 'Signup approved successfully',
    approvedWithFarmer: 'Signup approved successfully and farmer account created',
    rejected: 'Signup rejected successfully',
    purged: (n: number) => `Successfully purged ${n} processed ${n === 1 ? 'signup' : 'signups'}`,
    noMatches: 'No signups found matching current filters',
    /** product: the data-agent report's CSV (streamed by the server since issue 19) could not be downloaded. */
    failedToGenerateReport: 'Failed to generate data agent report.',
  },

  purge: {
    bothDatesRequired: 'Please select both start and end dates',
    startAfterEnd: 'Start date must be before end date',
  },

  farmers: {
    nameRequired: 'Name is required',
    phoneRequired: 'Phone is required',
    emailRequired: 'Valid email is required',
    websiteInvalid: 'Please enter a valid URL',
    citiesRequired: 'At least one nearest town/city is required',
    produceMax: 'Maximum 5 produce items allowed',
    subscriptionStartRequired: 'Subscription start date is required',
    subscriptionEndRequired: 'Subscription end date is required',
    /** product: issue 8 — an end on or before the start. */
    subscriptionEndBeforeStart: 'Subscription end date must be after the start date',
    /** product: a produce name that is not an active produce item (spec: "chosen only from active produce"). */
    produceNotActive: 'Please choose produce from the active produce list',
    /** product: unique e-mail clash on create/update (409). */
    emailTaken: 'A farmer with this email already exists',
    /** product: an edit of a field a colleague changed after the dialog was opened (409). */
    changedMeanwhile: 'Someone else changed this farmer while you were editing. Close this dialog to see their change, then edit again.',
    failedToFetch: 'Failed to fetch farmers',
    failedToCreate: 'Failed to create farmer',
    failedToUpdate: 'Failed to update farmer',
    failedToDelete: 'Failed to delete farmer',
    failedToUpdateStatus: 'Failed to update farmer status',
    failedToUpdateSubscription: 'Failed to update subscription',
    failedToGenerateReport: 'Failed to generate farmer report.',
    failedToFetchExpired: 'Failed to fetch expired farmers',
    failedToFetchPending: 'Failed to fetch pending farmers',
    failedToFetchTrial: 'Failed to fetch trial farmers',
    failedToUpdateCosting: 'Failed to update farmer costing status',
    failedToActivateTrial: 'Failed to activate trial period',
    /** product: Start Trial on a farmer already in a trial (409). */
    trialAlreadyActive: 'This farmer is already in a trial',
    created: 'Farmer created successfully',
    updated: 'Farmer updated successfully',
    deleted: 'Farmer deleted successfully',
    statusUpdated: 'Farmer status updated successfully',
    subscriptionUpdated: 'Subscription updated successfully',
    costingUpdated: 'Farmer costing status updated successfully',
    trialActivated: 'Trial period activated successfully',
    noMatches: 'No farmers match your search criteria.',
  },

  payments: {
    /** product: a payment edit with nothing in it (no field sent, or none filled for a farmer with no payment yet): nothing to record. */
    nothingToRecord: 'Enter the M-PAiSA number, the receipt number or the payment date',
    failedToUpdate: 'Failed to update payment details',
    failedToGenerateReport: 'Failed to generate payment report.',
    updated: 'Payment details updated',
    reportGenerated: 'Report Generated',
  },

  browse: {
    failedToFetchProduceAvailability: 'Failed to fetch produce availability',
    failedToFetchFarmersLocations: 'Failed to fetch farmers locations',
    failedToFetchProduceForLocation: 'Failed to fetch produce for location',
    failedToFetchFarmersForLocationAndProduce: 'Failed to fetch farmers for location and produce',
    failedToFetchLocations: 'Failed to fetch locations',
    failedToFetchProduce: 'Failed to fetch produce',
    emptySearch: "Oops, it appears we're still growing those plants. They'll be ready soon — check back later!",
    noLocations: 'No farmers are currently listed in any locations.',
    noFarmersInLocation: 'No farmers available in this location',
    categoriesUpdating: 'Produce categories are being updated. Use "All Farmers" above to browse available farmers.',
    noFarmersForProduce: (city: string, produce: string) =>
      `No farmers in ${city} currently sell ${produce}. Try selecting a different produce or location.`,
    phoneNotProvided: 'Not provided',
    farmNotFound: 'Farm not found',
  },

  reference: {
    locationNameRequired: 'Location name is required',
    categoryNameRequired: 'Category name is required',
    produceNameRequired: 'Produce name is required',
    /** product: unique-name clash (409). */
    nameTaken: 'This name is already in use',
    /** product: a produce category that is not in the category list. */
    categoryUnknown: 'Please choose a category from the list',
    failedToFetchProduce: 'Failed to fetch produce',
    failedToFetchCategories: 'Failed to fetch categories',
    failedToFetchLocations: 'Failed to fetch locations',
    failedToCreateProduce: 'Failed to create produce item',
    failedToUpdateProduce: 'Failed to update produce item',
    failedToDeleteProduce: 'Failed to delete produce item',
    failedToCreateCategory: 'Failed to create category',
    failedToUpdateCategory: 'Failed to update category',
    failedToDeleteCategory: 'Failed to delete category',
    failedToCreateLocation: 'Failed to create location',
    failedToUpdateLocation: 'Failed to update location',
    failedToDeleteLocation: 'Failed to delete location',
    produceCreated: 'Produce item created successfully',
    produceUpdated: 'Produce item updated successfully',
    produceDeleted: 'Produce item deleted successfully',
    categoryCreated: 'Category created successfully',
    categoryUpdated: 'Category updated successfully',
    categoryDeleted: 'Category deleted successfully',
    locationCreated: 'Location created successfully',
    locationUpdated: 'Location updated successfully',
    locationDeleted: 'Location deleted successfully',
  },

  reviews: {
    ratingMin: 'Rating must be at least 1 star',
    /** product: a rating that is not a whole number of stars (4.5). */
    ratingWholeNumber: 'Rating must be a whole number of stars',
    ratingMax: 'Rating cannot exceed 5 stars',
    ratingRequiredTitle: 'Rating Required',
    ratingRequiredDescription: 'Please select a rating before submitting your review.',
    ratingRequired: 'Rating Required - Please select a rating before submitting your review.',
    /** product: schema minimum of 10 characters, text not shown in the spec. */
    commentMinChars: 'Comment must be at least 10 characters',
    /** product: schema maximum of 500 characters, text not shown in the spec. */
    commentMaxChars: 'Comment cannot exceed 500 characters',
    /** product: home form minimum of 10 words, text not shown in the spec. */
    commentMinWords: 'Comment must be at least 10 words',
    commentMaxWords: 'Comment cannot exceed 100 words',
    userNameMax: 'Name cannot exceed 100 characters',
    userEmailInvalid: 'Please enter a valid email address',
    submitFailed: 'Failed to submit review. Please try again.',
    submittedTitle: 'Review Submitted!',
    submittedDescription: 'Thank you for your feedback. Your review will be reviewed before being published.',
    failedToModerate: 'Failed to moderate review.',
    failedToDelete: 'Failed to delete review.',
    updatedTitle: 'Review Updated',
    updatedDescription: 'Review has been successfully moderated.',
    deleted: 'Review Deleted',
    /** product: moderation of a review that is no longer pending (409). */
    alreadyModerated: 'This review has already been moderated',
  },

  farmReviews: {
    /** product: a farm review without the farm it is about. */
    farmRequired: 'Farm is required',
    /** product: empty comment, text not shown in the spec. */
    commentRequired: 'Comment is required',
    commentMax: 'Comment cannot exceed 200 words (approximately 1000 characters)',
    /** product: review for a farm id that does not exist (404). */
    farmNotFound: 'Farm not found',
    /** product: a second review of the same farm from the same connection on the same Fiji day (429). */
    alreadyReviewedToday: 'You have already reviewed this farm today. You can review it again tomorrow.',
    /** product: more than the hourly cap of farm reviews from one connection (429). */
    tooManyReviews: 'Too many reviews from this connection. Please try again in an hour.',
    /** product: staff bulk delete of a flood. */
    bulkDeleted: (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'} deleted`,
    submitFailed: 'Failed to submit review',
    submitFailedDescription: 'Please try again.',
    submitted: 'Review submitted successfully! Thank you for your feedback.',
    failedToDelete: 'Failed to delete review',
  },

  experts: {
    /** product: spec says "name 1 to 255 (required)". */
    nameRequired: 'Name is required',
    /** product: 255-character limits, texts not shown in the spec. */
    nameMax: 'Name cannot exceed 255 characters',
    companyMax: 'Company cannot exceed 255 characters',
    expertFieldMax: 'Expertise cannot exceed 255 characters',
    contactNumberRequired: 'Contact number is required',
    /** product: contact number over 50 characters. */
    contactNumberMax: 'Contact number cannot exceed 50 characters',
    emailInvalid: 'Please enter a valid email address',
    /** product: e-mail over 255 characters. */
    emailMax: 'Email cannot exceed 255 characters',
    /** product: comments over 10000 characters. */
    commentsMax: 'Additional information cannot exceed 10000 characters',
    /** product: new expertise name empty or duplicate (the add button is disabled in the UI). */
    fieldNameRequired: 'Expertise name is required',
    fieldNameTaken: 'This expertise already exists',
    registrationFailed: 'Failed to submit registration. Please try again.',
    registrationSubmitted: 'Registration Submitted!',
    photoUploaded: 'Photo uploaded successfully',
    failedToCreate: 'Failed to create subject matter expert',
    failedToUpdate: 'Failed to update subject matter expert',
    failedToUpdateStatus: 'Failed to update expert status',
    /** product: the power toggle found the expert switched on or off by a colleague since it read it (409). */
    statusChangedMeanwhile: "This expert's status was just changed by someone else",
    failedToDelete: 'Failed to delete subject matter expert',
    failedToAddField: 'Failed to add expert field',
    failedToDeleteField: 'Failed to delete expert field',
    created: 'Subject matter expert created successfully',
    updated: 'Subject matter expert updated successfully',
    deleted: 'Subject matter expert deleted successfully',
    statusUpdated: 'Expert status updated successfully',
    fieldAdded: 'Expert field added successfully',
    fieldDeleted: 'Expert field deleted successfully',
    linkCopied: 'Link Copied!',
    copyFailedTitle: 'Copy Failed',
    copyFailedDescription: 'Failed to copy link. Please copy it manually.',
    noExperts: 'No experts available',
  },

  uploads: {
    loginRequired: 'Please log in to upload files',
    fileTooLarge5MB: 'File size must be less than 5MB',
    fileTooLarge10MB: 'File size must be less than 10MB',
    imageRequired: 'Please select an image file',
    /** product: a photo over 50 megapixels (a decompression bomb, or a photo no phone could show). */
    tooManyPixels: 'This photo has too many pixels (at most 50 megapixels). Please choose a smaller photo.',
    failedToGetUploadUrl: 'Failed to get upload URL',
    failedToUploadFile: 'Failed to upload file',
    uploadFailed: 'Upload failed',
    /** product: PUT to an upload id that was never issued (or was cleaned up). */
    unknownUpload: 'Upload not found',
    /** product: PUT of other bytes to an upload id that already holds a file (409); the same bytes again succeed. */
    uploadAlreadyStored: 'This upload already holds a different file. Ask for a new upload URL to send another photo.',
  },

  users: {
    nameRequired: 'Name is required',
    emailRequired: 'Valid email is required',
    /** product: unique e-mail clash (409). */
    emailTaken: 'A user with this email already exists',
    /** product: clarifications — a user cannot delete their own account. */
    cannotDeleteSelf: 'You cannot delete your own account',
    /** product: a global admin demoting themselves could leave no global admin at all. */
    cannotChangeOwnRole: 'You cannot change your own role',
    failedToFetch: 'Failed to fetch admin users',
    failedToCreate: 'Failed to create user',
    failedToCreateAdmin: 'Failed to create admin user',
    failedToUpdate: 'Failed to update user',
    failedToDelete: 'Failed to delete user',
    failedToResetPassword: 'Failed to reset password',
    adminCreated: 'Admin user created successfully',
    updated: 'User updated successfully',
    deleted: 'User deleted successfully',
    passwordReset: 'Password reset successfully',
  },

  settings: {
    dailyRateInvalid: 'Please enter a valid daily rate',
    dailyRatePositive: 'Daily rate must be positive',
    trialPeriodMin: 'Trial period must be at least 1 day',
    dailyRateMax: 'Daily rate cannot exceed FJ$1,000.00',
    dailyRateCents: 'Daily rate can have at most 2 decimal places',
    trialPeriodMax: 'Trial period cannot exceed 365 days',
    failedToFetch: 'Failed to fetch settings',
    failedToUpdateDailyRate: 'Failed to update daily rate',
    failedToUpdateTrialPeriod: 'Failed to update trial period',
    dailyRateUpdated: 'Daily rate updated successfully',
    trialPeriodUpdated: 'Trial period updated successfully',
  },

  stats: {
    failedToFetch: 'Failed to fetch stats',
  },

  audit: {
    failedToLoad: 'Failed to load audit logs. Please try again later.',
    failedToPurge: 'Failed to purge audit logs',
    purged: (n: number) => `Successfully purged ${n} audit ${n === 1 ? 'log' : 'logs'}`,
    noActivity: 'No activity yet',
  },

  email: {
    /** product: a from address other than the two senders. */
    fromInvalid: 'Please choose a sender address',
    toInvalid: 'Please enter a valid email address',
    ccInvalid: 'Please enter a valid email address',
    bccInvalid: 'Please enter a valid email address',
    subjectRequired: 'Subject is required',
    subjectMax: 'Subject cannot exceed 500 characters',
    bodyRequired: 'Message body is required',
    bodyMax: 'Message body cannot exceed 10000 characters',
    sendFailed: 'Failed to send email',
    sent: 'Email sent successfully',
  },

  analytics: {
    unavailable: 'Analytics Unavailable',
    dataNotAvailable: 'Analytics data not available',
    failedToConnect: 'Failed to connect to Analytics',
    notAvailable: 'Analytics Not Available',
    tryAgain: 'Try Again',
    refreshFailedTitle: 'Refresh Failed',
    refreshFailedDescription: 'Failed to refresh analytics data. Please try again.',
  },

  /** product: answers of the Idempotency-Key middleware (offline-sync.md promise 2; sync/server/idempotency.ts). */
  idempotency: {
    required: 'Idempotency-Key header is required',
    invalid: (min: number, max: number) => `Invalid Idempotency-Key header: use ${min} to ${max} visible ASCII characters, bare or as a quoted string`,
    notUuid: 'Idempotency-Key must be a UUID when you are not signed in',
    bodyMismatch: 'Idempotency-Key reused with a different request body',
    inProgress: 'A request with this Idempotency-Key is still being processed',
    tooDeep: (depth: number) => `The request body is nested too deeply (at most ${depth} levels)`,
  },

  /** product: texts of offline-sync.md. */
  offline: {
    youAreOffline: 'You are offline',
    savedOnPhone: 'Saved on this phone. It will be sent automatically when you are back online.',
    newVersion: 'A new version is available — Reload',
    /** product: sign-in when no answer came (bars but no data) or the server could not be reached. */
    serverUnreachable: 'The server cannot be reached. Check the connection, then try again.',
  },
} as const

export type Messages = typeof messages
