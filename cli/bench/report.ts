/** What one benchmark found: a table, and a line comparing it with its budget when it has one. */
export interface BenchReport {
  title: string
  columns: string[]
  rows: string[][]
  verdict?: string
  overBudget?: boolean
}

export interface Bench {
  name: string
  run(): Promise<BenchReport | BenchReport[]>
}

export function formatReport(report: BenchReport): string {
  const table = [report.columns, ...report.rows]
  const widths = report.columns.map((_, column) => Math.max(...table.map((row) => (row[column] ?? '').length)))
  // The first column is a label, the others figures: right-aligned so digits line up.
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ')
  const rule = widths.map((width) => '-'.repeat(width)).join('   ')
  return [
    report.title,
    `  ${line(report.columns)}`,
    `  ${rule}`,
    ...report.rows.map((row) => `  ${line(row)}`),
    ...(report.verdict ? [`  ${report.verdict}`] : []),
  ].join('\n')
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const milliseconds = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The value below which a share `p` of the figures fall (nearest rank); `sorted` ascending. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
