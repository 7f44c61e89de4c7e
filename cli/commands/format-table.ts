type Column<Row> = { title: string; value: (row: Row) => string; alignRight?: boolean }

/** Plain aligned columns for a terminal. */
export function formatTable<Row>(rows: Row[], columns: Column<Row>[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)))
  const widths = columns.map((column, index) => Math.max(column.title.length, ...cells.map((row) => row[index]!.length)))
  const line = (values: string[]) =>
    values
      .map((value, index) => (columns[index]!.alignRight ? value.padStart(widths[index]!) : value.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd()
  return [line(columns.map((column) => column.title)), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n')
}

/** What a list command prints: JSON with --json, `none` when there is nothing to list, else the table. */
export function printList<Row>(rows: Row[], { json, none }: { json?: boolean; none: string }, columns: Column<Row>[]) {
  if (json) return console.log(JSON.stringify(rows, null, 2))
  if (rows.length === 0) return console.log(none)
  console.log(formatTable(rows, columns))
}
