// Product constants from the specs (000 §9, 001 §9). Client and server both read these; nothing else may restate them.

export const BRAND_NAME = 'Kirana'
export const PARENT_COMPANY = 'Kirana Community Labs, Inc.'
export const SIGN_IN_TAGLINE = 'Your Local Indian Grocery Delivery'
export const TOP_BAR_TAGLINE = 'Your Local Indian Market'

export const PLATFORM_FEE_CENTS = 200
export const RUNNER_ACCEPTANCE_WINDOW_MINUTES = 30
/**
 * Scheduled delivery (issue 30): windows this long, inside a store's hours, on its local today and
 * the next days up to this many in all (a card hold lasts 7 days), starting at least this long from now.
 */
export const DELIVERY_WINDOW_MINUTES = 120
export const DELIVERY_WINDOW_DAYS = 7
export const DELIVERY_WINDOW_NOTICE_MINUTES = 120
/** Marking a scheduled order delivered more than this long before its window starts is warned of (not refused): the buyer may not be home. */
export const EARLY_DELIVERY_WARNING_MINUTES = 30
export const DELIVERY_RADIUS_MILES = 10
/** The shortest distance a runner may choose to travel to a store; the longest, and the default, is DELIVERY_RADIUS_MILES. */
export const RUNNER_RADIUS_MIN_MILES = 1
export const METERS_PER_MILE = 1609.344
/** 16093, the spec's `radius=16093` (001 §7). */
export const DELIVERY_RADIUS_METERS = Math.round(DELIVERY_RADIUS_MILES * METERS_PER_MILE)
/** Tip presets of the cart (001 §9), in cents. */
export const TIP_PRESETS_CENTS = [0, 200, 500, 1000] as const
/** A custom tip above this is treated as a typo rather than charged. */
export const MAX_TIP_CENTS = 50_000
/** Spec 001 §3: the estimated grocery cost when nothing in the cart has a price. */
export const DEFAULT_ESTIMATED_GROCERY_CENTS = 2500
export const ACCEPTED_GROCERY_PAYMENT_METHODS = ['Cash', 'Zelle', 'Venmo', 'Apple Pay'] as const
/**
 * Groceries paid by card (issue 29): the hold is the estimate from the catalog's prices with a
 * margin, rounded up to whole steps, and at least the floor (the ceiling is GROCERY_HOLD_MAX_CENTS).
 */
export const GROCERY_HOLD_MARGIN_PERCENT = 120
export const GROCERY_HOLD_STEP_CENTS = 500
export const GROCERY_HOLD_MIN_CENTS = 2000
/** The ceiling of a grocery hold unless GROCERY_HOLD_MAX_CENTS says otherwise. */
export const DEFAULT_GROCERY_HOLD_MAX_CENTS = 50_000

/** Spec 001 §9: how long to wait for the device's position when a screen opens, and before a store search. */
export const GEOLOCATION_TIMEOUT_MS = 10_000
export const SEARCH_GEOLOCATION_TIMEOUT_MS = 5_000

/** Query timing rules of spec 000 §9, in milliseconds. */
export const CURRENT_USER_STALE_MS = 30_000
export const CURRENT_USER_GC_MS = 5 * 60_000

/** Spec 000 §9: a toast closes by itself after this long; spec 001 §8: the too-far toast stays longer. */
/** Two taps on one button within this are a finger's double tap: the catalog's Add counts them once. */
export const DOUBLE_TAP_MS = 500
export const TOAST_DURATION_MS = 5_000
export const LOCATION_TOAST_MS = 8_000

/** Photos (receipts, doorstep photos): the largest a runner may send, and the kinds we take, judged by their bytes. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/**
 * What the browser makes of a photo before it goes up: a 12-megapixel camera JPEG is 8 to 10 MB,
 * past the cap and slow on a phone's uplink; at 2,000 px on its longest side it still shows every
 * line of a receipt, and fits well under 1.5 MB.
 */
export const PHOTO_UPLOAD_MAX_SIDE_PX = 2000
export const PHOTO_UPLOAD_TARGET_BYTES = 1.5 * 1024 * 1024
/** How long after delivering a runner may still add the doorstep photo. */
export const DELIVERY_PHOTO_WINDOW_MINUTES = 60

/** After delivery, buyer and runner may rate each other and report a problem for this long. */
export const AFTER_DELIVERY_DAYS = 7
/** Open problem reports one person may have on one order at a time. */
export const MAX_OPEN_PROBLEMS = 3
/** A runner's average is shown only once this many ratings make it. */
export const MIN_RATINGS_FOR_AVERAGE = 3
