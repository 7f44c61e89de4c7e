import { sql } from 'drizzle-orm'
import type { Database } from '../db/database'

/**
 * Each runner whose kept payout_totals differ from their ledger added up again line by line, with
 * both: empty when every write to a line moved its runner's totals (a runner whose lines all went
 * to another keeps a row of zeros, which agrees). The recomputation is the sum
 * balancesOf and earnedBy made before the totals were kept.
 */
export async function payoutTotalsAstray(db: Database) {
  const result = await db.execute(sql`
    with recomputed as (
      select
        runner_id,
        coalesce(sum(amount_cents) filter (where paid_at is null and not held), 0)::int as unpaid_cents,
        coalesce(sum(amount_cents) filter (where paid_at is null and held), 0)::int as held_cents,
        coalesce(sum(transferred_cents - reversed_cents) filter (where bank_status = 'in_transit'), 0)::int as in_transit_cents,
        coalesce(sum(transferred_cents - reversed_cents) filter (where bank_status = 'returned'), 0)::int as returned_cents,
        coalesce(sum(transferred_cents - reversed_cents) filter (where bank_status = 'paid'), 0)::int as paid_cents,
        coalesce(sum(case when transferred_cents is null then amount_cents else transferred_cents - reversed_cents end) filter (where kind = 'delivery'), 0)::int
          as delivery_earned_cents
      from payout_lines
      group by runner_id
    ),
    kept as (
      select runner_id, unpaid_cents, held_cents, in_transit_cents, returned_cents, paid_cents, delivery_earned_cents from payout_totals
    )
    select runner_id, to_jsonb(r) as recomputed, to_jsonb(k) as kept
    from recomputed r full join kept k using (runner_id)
    where (
      coalesce(r.unpaid_cents, 0), coalesce(r.held_cents, 0), coalesce(r.in_transit_cents, 0),
      coalesce(r.returned_cents, 0), coalesce(r.paid_cents, 0), coalesce(r.delivery_earned_cents, 0)
    ) is distinct from (
      coalesce(k.unpaid_cents, 0), coalesce(k.held_cents, 0), coalesce(k.in_transit_cents, 0),
      coalesce(k.returned_cents, 0), coalesce(k.paid_cents, 0), coalesce(k.delivery_earned_cents, 0)
    )
  `)
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  return rows as { runner_id: string; recomputed: unknown; kept: unknown }[]
}
