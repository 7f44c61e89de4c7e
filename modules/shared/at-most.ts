/**
 * `work` on every item, at most `atOnce` in flight: a new one starts as soon as one ends, so
 * one slow item holds up no others. After a failure no new item starts; once those in flight
 * end, the first failure is thrown, so nothing is left running behind the caller.
 */
export async function eachAtMost<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let failure: { error: unknown } | null = null
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++]!
      await work(item).catch((error: unknown) => {
        failure ??= { error }
      })
    }
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker))
  if (failure !== null) throw (failure as { error: unknown }).error
}
