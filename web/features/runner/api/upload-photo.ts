import { useState } from 'react'
import { ORDER_PHOTO_SLOTS, type OrderPhotoSlot } from '../../../../modules/orders/contract'
import { deliveryPhotoResponseSchema, receiptResponseSchema, type UploadedPhoto } from '../../../../modules/runner/contract'
import { ApiError, UnexpectedAnswerError } from '../../../lib/http'
import { shrinkPhoto } from '../../../lib/shrink-photo'

const ANSWERS = { receipt: receiptResponseSchema, deliveryPhoto: deliveryPhotoResponseSchema } as const

/**
 * POST /api/orders/{id}/receipt or /delivery-photo, the file as multipart field `photo`. Sent with
 * XMLHttpRequest, since fetch reports no upload progress; `onProgress` gets 0 to 1. A refusal
 * (413 too big, 415 not a photo, 409 too late) is raised as ApiError with our JSON body, like apiRequest does.
 */
export function uploadOrderPhoto(orderId: string, slot: OrderPhotoSlot, file: Blob, onProgress: (share: number) => void): Promise<UploadedPhoto> {
  const url = `/api/orders/${encodeURIComponent(orderId)}/${ORDER_PHOTO_SLOTS[slot]}`
  const body = new FormData()
  body.append('photo', file)
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.withCredentials = true
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total)
    request.onerror = () => reject(new TypeError('Network error'))
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, request.responseText, request.statusText))
        return
      }
      let answer: unknown
      try {
        answer = JSON.parse(request.responseText)
      } catch {
        answer = request.responseText
      }
      const checked = ANSWERS[slot].safeParse(answer)
      if (!checked.success) reject(new UnexpectedAnswerError(`POST ${url}`, checked.error.issues))
      else resolve(slot === 'receipt' ? (checked.data as { receipt: UploadedPhoto }).receipt : (checked.data as { deliveryPhoto: UploadedPhoto }).deliveryPhoto)
    }
    request.send(body)
  })
}

export type PhotoUpload =
  | { state: 'idle' }
  | { state: 'shrinking' }
  | { state: 'sending'; progress: number }
  | { state: 'sent' }
  | { state: 'failed'; error: unknown }

/** One photo slot's upload as a screen follows it: shrunk in the browser, then sent; once stored, the photo as stored goes to `onStored`. */
export function usePhotoUpload(orderId: string, slot: OrderPhotoSlot, { onStored }: { onStored: (photo: { url: string; uploadedAt: string }) => void }) {
  const [upload, setUpload] = useState<PhotoUpload>({ state: 'idle' })
  const send = async (file: File) => {
    setUpload({ state: 'shrinking' })
    try {
      const photo = await shrinkPhoto(file)
      setUpload({ state: 'sending', progress: 0 })
      const { url, uploadedAt } = await uploadOrderPhoto(orderId, slot, photo, (progress) => setUpload({ state: 'sending', progress }))
      onStored({ url, uploadedAt })
      setUpload({ state: 'sent' })
    } catch (error) {
      setUpload({ state: 'failed', error })
    }
  }
  return { upload, send }
}
