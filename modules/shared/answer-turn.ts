import { Elysia } from 'elysia'

/**
 * Event-loop turns, counted only while requests arrive: the count moves on once after each turn
 * in which a request arrived, so an answer made in the same turn as its request (no I/O waited
 * on, only promises already settled) sees the count that its request arrived with.
 */
let turn = 0
let turnEnding = false
const arrivedIn = new WeakMap<Request, number>()

function arrived(request: Request) {
  if (!turnEnding) {
    turnEnding = true
    setImmediate(() => {
      turn++
      turnEnding = false
    })
  }
  arrivedIn.set(request, turn)
}

/** Whether the request arrived in this event-loop turn: nothing it waited for took I/O. */
export const arrivedThisTurn = (request: Request) => arrivedIn.get(request) === turn

/** Notes the turn each request arrives in, for answerBytes. */
export const answerTurns = new Elysia({ name: 'shared/answer-turns' }).onRequest(({ request }) => arrived(request))
