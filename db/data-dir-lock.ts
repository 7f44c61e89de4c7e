import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError'
  constructor(
    message: string,
    /** The pid of the process holding the data directory. */
    readonly holder: number,
  ) {
    super(message)
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite does not lock its files, and two processes writing one data directory corrupt it.
 * The lock file names its holder's pid; a lock whose process is gone (a crash) is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = join(dataDir, 'kirana.lock')
  try {
    writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const holder = Number(readFileSync(lockPath, 'utf8'))
    if (holder !== process.pid && isAlive(holder)) {
      throw new DatabaseInUseError(
        `The embedded database in ${resolve(dataDir)} is in use by process ${holder} (is the Kirana server running?). Stop it, or set DATA_DIR to another directory.`,
        holder,
      )
    }
    writeFileSync(lockPath, String(process.pid))
  }
  return () => rmSync(lockPath, { force: true })
}
