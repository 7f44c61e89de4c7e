import { extname } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { z } from 'zod'
import { type LocatedStoreRecord, type StoreRecord, storeImport } from '../../modules/catalog/index'

/** A store as read from a file, before checking, with the line each part came from. */
type RawStore = { line: number; record: Record<string, unknown>; itemLines: number[] }

export type StoreFileResult = { stores: LocatedStoreRecord[]; errors: string[] }

/**
 * Reads and checks a whole store file (JSON or CSV). Every bad row is reported with its line;
 * the caller imports only when there are none, so a bad file changes nothing.
 */
export async function readStoreFile(path: string): Promise<StoreFileResult> {
  const text = await Bun.file(path).text()
  const raw = extname(path).toLowerCase() === '.csv' ? storesFromCsv(text) : storesFromJson(text)
  const errors: string[] = []
  const stores: StoreFileResult['stores'] = []
  for (const { line, record, itemLines } of raw) {
    const parsed = storeImport.storeRecordSchema.safeParse(record)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push(describeIssue(issue, line, itemLines, record))
      continue
    }
    const duplicate = firstDuplicateItem(parsed.data)
    if (duplicate !== null) {
      errors.push(
        `line ${itemLines[duplicate] ?? line}: "${parsed.data.items[duplicate]!.name}" (${parsed.data.items[duplicate]!.unit}) appears twice in ${parsed.data.name}`,
      )
      continue
    }
    const located = await storeImport.locateStoreRecord(parsed.data)
    if (!located) {
      errors.push(`line ${line}: zipCode ${parsed.data.zipCode} is not a known US ZIP code; give latitude and longitude`)
      continue
    }
    stores.push(located)
  }
  return { stores, errors }
}

function describeIssue(issue: z.core.$ZodIssue, storeLine: number, itemLines: number[], record: Record<string, unknown>) {
  const [first, index, field, localIndex] = issue.path
  if (first === 'items' && typeof index === 'number') {
    const line = itemLines[index] ?? storeLine
    if (field === 'localNames' && typeof localIndex === 'number')
      return `line ${line}: item local name (${localLanguageOf(record, index, localIndex)}): ${issue.message}`
    return `line ${line}: item ${String(field ?? '')}: ${issue.message}`.replace(': : ', ': ')
  }
  return `line ${storeLine}: ${String(first ?? 'store')}: ${issue.message}`
}

/** Which language a refused local name was given in, as the file wrote it. */
function localLanguageOf(record: Record<string, unknown>, item: number, local: number) {
  const items = record.items as { localNames?: { language?: unknown }[] }[] | undefined
  return String(items?.[item]?.localNames?.[local]?.language ?? 'no language')
}

function firstDuplicateItem(store: StoreRecord): number | null {
  const seen = new Set<string>()
  for (const [index, item] of store.items.entries()) {
    const key = `${item.name.toLowerCase()}\u0000${item.unit.toLowerCase()}`
    if (seen.has(key)) return index
    seen.add(key)
  }
  return null
}

/** JSON: an array of stores (each with `items`), or `{ "stores": [...] }`. */
function storesFromJson(text: string): RawStore[] {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new Error(`The file is not valid JSON: ${(error as Error).message}`)
  }
  const wrapped = !Array.isArray(data)
  const list = wrapped ? (data as { stores?: unknown }).stores : data
  if (!Array.isArray(list)) throw new Error('The JSON must be an array of stores, or an object with a "stores" array')
  const lines = elementLines(text, wrapped ? 2 : 1)
  return list.map((record, index) => {
    const line = lines[index] ?? 1
    const items = (record as { items?: unknown })?.items
    return { line, record: record as Record<string, unknown>, itemLines: Array.isArray(items) ? items.map(() => line) : [] }
  })
}

/** The line on which each object at the given bracket depth opens (1: a top-level array's elements). */
function elementLines(text: string, depth: number): number[] {
  const lines: number[] = []
  let line = 1
  let level = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (character === '\n') line++
    if (inString) {
      if (character === '\\') index++
      else if (character === '"') inString = false
      continue
    }
    if (character === '"') inString = true
    else if (character === '{' || character === '[') {
      if (character === '{' && level === depth) lines.push(line)
      level++
    } else if (character === '}' || character === ']') level--
  }
  return lines
}

const STORE_COLUMNS = {
  store_name: 'name',
  address: 'address',
  city: 'city',
  state: 'state',
  zip_code: 'zipCode',
  phone: 'phone',
  latitude: 'latitude',
  longitude: 'longitude',
  description: 'description',
  image_url: 'imageUrl',
  rating: 'rating',
  total_ratings: 'totalRatings',
  is_sample: 'isSample',
  is_active: 'isActive',
  hours: 'hours',
  time_zone: 'timeZone',
} as const
const ITEM_COLUMNS = {
  item_name: 'name',
  unit: 'unit',
  price: 'price',
  price_unit: 'priceUnit',
  is_estimated_price: 'isEstimatedPrice',
  category: 'category',
  subcategory: 'subcategory',
  item_description: 'description',
  item_image_url: 'imageUrl',
  is_available: 'isAvailable',
} as const

/** An item's names in the community's languages, from the columns local_name_hi, transliteration_hi, local_name_gu… */
function localNamesFromCsv(record: Record<string, string>) {
  const localNames = storeImport.localNameLanguages
    .filter((language) => record[`local_name_${language}`] || record[`transliteration_${language}`])
    .map((language) => ({
      language,
      ...(record[`local_name_${language}`] && { name: record[`local_name_${language}`] }),
      ...(record[`transliteration_${language}`] && { transliteration: record[`transliteration_${language}`] }),
    }))
  return localNames.length > 0 ? { localNames } : {}
}

/**
 * CSV: one row per item, with its store's columns repeated (a row without item_name lists a
 * store alone). Rows with the same store_name and address make one store. `categories` is
 * separated by '|'. Local names take two columns per language (see localNamesFromCsv).
 */
function storesFromCsv(text: string): RawStore[] {
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: true, info: true, bom: true }) as {
    record: Record<string, string>
    info: { lines: number }
  }[]
  const byStore = new Map<string, RawStore & { items: Record<string, unknown>[] }>()
  for (const { record, info } of rows) {
    const store = pick(record, STORE_COLUMNS)
    const key = `${record.store_name ?? ''}\u0000${record.address ?? ''}`
    let entry = byStore.get(key)
    if (!entry) {
      const categories = record.categories
        ? record.categories
            .split('|')
            .map((category) => category.trim())
            .filter(Boolean)
        : undefined
      entry = { line: info.lines, record: { ...store, categories }, itemLines: [], items: [] }
      byStore.set(key, entry)
    }
    if (record.item_name) {
      entry.items.push({ ...pick(record, ITEM_COLUMNS), ...localNamesFromCsv(record) })
      entry.itemLines.push(info.lines)
    }
  }
  return [...byStore.values()].map(({ items, ...entry }) => ({ ...entry, record: { ...entry.record, items } }))
}

/** The named columns, renamed, with empty cells left out so optional fields stay unset. */
function pick(record: Record<string, string>, columns: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(columns)
      .filter(([column]) => record[column] !== undefined && record[column] !== '')
      .map(([column, field]) => [field, record[column]]),
  )
}
