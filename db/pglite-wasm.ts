let compiled: Promise<WebAssembly.Module> | undefined

/**
 * PostgreSQL's WebAssembly, compiled once per process: PGlite compiles it at every create when not
 * given it (about 450 ms of CPU on 2 cores). The first ask starts the compilation, which runs on
 * threads of its own while the caller does other work (a start loads its modules and copies the
 * template meanwhile). A module of its own, importing nothing, so a start can ask before loading any.
 */
export function compiledPglite(): Promise<WebAssembly.Module> {
  compiled ??= Bun.file(Bun.fileURLToPath(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'))))
    .arrayBuffer()
    .then((bytes) => WebAssembly.compile(bytes))
  return compiled
}
