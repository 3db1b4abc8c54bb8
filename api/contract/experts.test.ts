import { describe, expect, it } from 'vitest'
import { EXPERTISE_OPTIONS, ExpertCreateSchema, ExpertFieldCreateSchema, ExpertRegistrationSchema } from './experts'
import {
  EXPERT_PHOTO_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  checkImageFile,
  displayPhotoPath,
  photoPathFromUploadUrl,
} from './uploads'
import { messages } from './messages'
import { firstMessage } from './test-helpers'

const m = messages.experts
const expert = {
  name: 'Dr Mere Tuilau',
  company: 'Koronivia Research Station',
  expertField: 'Soil Science',
  contactNumber: '+679 777 0000',
  email: 'mere@example.fj',
  photoUrl: '',
  comments: '',
}

describe('ExpertRegistrationSchema', () => {
  it('accepts a registration; empty photo and comments become undefined', () => {
    const parsed = ExpertRegistrationSchema.parse(expert)
    expect(parsed.photoUrl).toBeUndefined()
    expect(parsed.comments).toBeUndefined()
  })
  it.each([
    ['no contact number', { contactNumber: '' }, m.contactNumberRequired],
    ['bad e-mail', { email: 'mere' }, m.emailInvalid],
    ['empty e-mail', { email: '' }, m.emailInvalid],
    ['no name', { name: ' ' }, m.nameRequired],
    ['name over 255', { name: 'x'.repeat(256) }, m.nameMax],
    ['contact over 50', { contactNumber: '1'.repeat(51) }, m.contactNumberMax],
    ['comments over 10000', { comments: 'x'.repeat(10001) }, m.commentsMax],
    ['foreign photo', { photoUrl: 'http://x/y.png' }, messages.farmerSignup.photoPathInvalid],
  ])('%s → message', (_, patch, expected) => {
    expect(firstMessage(ExpertRegistrationSchema, { ...expert, ...patch })).toBe(expected)
  })
  it('admin create defaults to active', () => {
    expect(ExpertCreateSchema.parse(expert).isActive).toBe(true)
  })
  it('new expertise must not be blank', () => {
    expect(firstMessage(ExpertFieldCreateSchema, { name: '  ' })).toBe(m.fieldNameRequired)
  })
  it('lists the 21 expertise options in the spec order', () => {
    expect(EXPERTISE_OPTIONS).toHaveLength(21)
    expect(EXPERTISE_OPTIONS[0]).toBe('Agricultural Engineering')
    expect(EXPERTISE_OPTIONS[9]).toBe('Irrigation & Water Management')
    expect(EXPERTISE_OPTIONS[20]).toBe('Other')
  })
})

describe('photo uploads', () => {
  it('checks type first, then the size limit of the flow', () => {
    expect(checkImageFile({ size: 10, type: 'application/pdf' }, EXPERT_PHOTO_MAX_BYTES)).toBe(messages.uploads.imageRequired)
    expect(checkImageFile({ size: EXPERT_PHOTO_MAX_BYTES, type: 'image/jpeg' }, EXPERT_PHOTO_MAX_BYTES)).toBeNull()
    expect(checkImageFile({ size: EXPERT_PHOTO_MAX_BYTES + 1, type: 'image/jpeg' }, EXPERT_PHOTO_MAX_BYTES)).toBe(
      'File size must be less than 5MB',
    )
    expect(checkImageFile({ size: UPLOAD_MAX_BYTES + 1, type: 'image/png' }, UPLOAD_MAX_BYTES)).toBe(
      'File size must be less than 10MB',
    )
  })
  it('derives the photo path from the upload URL', () => {
    const id = '3f2b8c1e-9a4d-4c3b-8e2f-1a2b3c4d5e6f'
    expect(photoPathFromUploadUrl(`https://vitifarmers.org.fj/api/uploads/${id}`)).toBe(`/objects/uploads/${id}`)
    expect(photoPathFromUploadUrl('/api/other/1')).toBeNull()
    expect(displayPhotoPath(`/objects.private/uploads/${id}`)).toBe(`/objects/uploads/${id}`)
  })
})
