/** How many runners accept one order at once in the accept-race benches, and how many orders they race for. */
export const RACERS = 100
export const RACE_ROUNDS = 10

/** One racer's answer, and the index of the server it went through. */
export type RaceAnswer = { status: number; via: number }

/**
 * The first RACERS runners accept one order at once, runner i through server i modulo their
 * number: each answer's status and the index of the server it went through.
 */
export function raceForOrder(serverUrls: string[], runners: { cookie: string }[], orderId: string): Promise<RaceAnswer[]> {
  return Promise.all(
    runners.slice(0, RACERS).map(async ({ cookie }, index) => {
      const via = index % serverUrls.length
      const { status } = await fetch(`${serverUrls[via]}/api/orders/${orderId}/accept`, { method: 'PATCH', headers: { cookie } })
      return { status, via }
    }),
  )
}

/** The winners (200) and the refused (409) of races' answers; exact when each order had one winner and every other racer was refused. */
export function raceTally(answers: { status: number }[], orders: number) {
  const winners = answers.filter((answer) => answer.status === 200).length
  const losers = answers.filter((answer) => answer.status === 409).length
  return { winners, losers, exact: winners === orders && losers === orders * (RACERS - 1) }
}
