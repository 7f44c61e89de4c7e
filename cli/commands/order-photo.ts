import type { Command } from 'commander'
import { problemDesk } from '../../modules/trust/index'
import { orderNamed, orderNumber, problemLine, problemNamed, type SupportProblem, withPayments } from './order-lookup'
import { type CliDatabase, CliError } from './with-database'

/** The problem support means: one named by its id or a short form, else the one problem with a photo on the order named. */
async function problemWithPhoto(db: CliDatabase['db'], reference: string): Promise<SupportProblem> {
  const named = await problemNamed(db, reference)
  if (named) return named
  const order = await orderNamed(db, reference, `No problem or order ${reference}`)
  const withPhotos = (await problemDesk.problemsForSupport(db, { orderId: order.id })).filter((problem) => problem.photoUrl)
  if (withPhotos.length === 0) throw new CliError(`No problem on order #${orderNumber(order.id)} has a photo.`)
  if (withPhotos.length > 1) {
    throw new CliError([`${withPhotos.length} problems on order #${orderNumber(order.id)} have photos; name one:`, ...withPhotos.map(problemLine)].join('\n'))
  }
  return withPhotos[0]!
}

/** `orders photo`: a problem's photo, read through the orders' desk from the object store the server uses, saved to a file. */
export function registerPhotoCommand(orders: Command) {
  orders
    .command('photo <problem|order>')
    .description(
      "save a problem's photo to a file, by the problem's id (or its first or last 8 characters), or by its order's id or number when one problem on it has a photo",
    )
    .requiredOption('--out <file>', 'the file to write the photo to')
    .action((reference: string, options: { out: string }) =>
      withPayments(async ({ db }, providers) => {
        const problem = await problemWithPhoto(db, reference)
        const photo = await problemDesk.problemPhotoForSupport(db, providers.objects, problem.id)
        if (!photo) throw new CliError(`Problem ${problem.id} has no photo.`)
        await Bun.write(options.out, photo.bytes)
        console.log(
          `Saved the photo of problem ${problem.id} on order #${problem.orderNumber} (${photo.contentType}, ${photo.bytes.byteLength} bytes) to ${options.out}`,
        )
      }),
    )
}
