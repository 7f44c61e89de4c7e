/** US numbers only (spec 000 §3): 10 digits get +1; 11 digits starting with 1 get +. */
export function toE164(input: string): string | null {
  const digits = input.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  // A North American area code never starts with 0 or 1.
  if (national.length !== 10 || !/^[2-9]/.test(national)) return null
  return `+1${national}`
}

/** The input's way of showing digits: (XXX) XXX-XXXX, built up as they are typed, at most 10 digits. */
export function formatUsPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, 10)
  if (d.length === 0) return ''
  if (d.length < 4) return `(${d}`
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`
}

/** A test number outside production: the last seven digits are 555-0100 to 555-0199. */
export function isReservedTestNumber(e164: string): boolean {
  return /55501\d\d$/.test(e164)
}
