// The fork of s3rver ships no types; this is the little of it the object store's test starts and stops.
declare module '@20minutes/s3rver' {
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; configureBuckets?: { name: string; configs?: string[] }[] })
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
