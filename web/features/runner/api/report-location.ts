import { type LocationReport, locationReportResponseSchema } from '../../../../modules/tracking/contract'
import { ApiError, apiRequest } from '../../../lib/http'

/** What became of one report: sent (kept or coalesced by the server), the order no longer on its way, or not sent (offline, a server error). */
export type ReportOutcome = 'sent' | 'ended' | 'failed'

/**
 * POST /api/orders/{id}/location. A 409 (the order delivered, cancelled or given up meanwhile),
 * 403 or 404 says this phone has nothing more to report for the order; any other failure is
 * passed over, as the next position will be sent anyway.
 */
export async function reportLocation(orderId: string, report: LocationReport): Promise<ReportOutcome> {
  try {
    await apiRequest('POST', `/api/orders/${encodeURIComponent(orderId)}/location`, locationReportResponseSchema, report)
    return 'sent'
  } catch (error) {
    if (error instanceof ApiError && [403, 404, 409].includes(error.status)) return 'ended'
    return 'failed'
  }
}
