declare module 'zipcodes' {
  export function lookup(zip: string | number): { zip: string; latitude: number; longitude: number; city: string; state: string; country: string } | undefined
}
