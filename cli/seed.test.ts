import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { rows } from '../db/migrate'
import { type CliDatabase, preparedDatabase, runCli } from '../testing/cli'

// A fresh database for each import's story, and a folder for the files imported.
const databases = {
  demo: preparedDatabase(),
  json: preparedDatabase(),
  csv: preparedDatabase(),
  hours: preparedDatabase(),
  bad: preparedDatabase(),
  localNames: preparedDatabase(),
}
const workDir = mkdtempSync(join(tmpdir(), 'kirana-seed-'))
afterAll(() => rmSync(workDir, { recursive: true, force: true }))

type ListedStore = { name: string; itemCount: number; isSample: boolean; distance?: number; hours: string; timeZone: string }
const listed = async (database: CliDatabase, ...args: string[]) =>
  JSON.parse((await runCli(database, ['stores', 'list', '--json', ...args])).stdout) as ListedStore[]

/** Runs `seed stores --file` with `text` as the file `name`, on `database`. */
async function seedFile(database: CliDatabase, name: string, text: string) {
  const path = join(workDir, name)
  writeFileSync(path, text)
  return runCli(database, ['seed', 'stores', '--file', path])
}

/** `seed stores --file` refused: exit code 1, each of these problems said on stderr, and the stores listed as they were. */
async function expectRefused(database: CliDatabase, name: string, text: string, problems: (string | RegExp)[]) {
  const before = await listed(database)
  const run = await seedFile(database, name, text)
  expect(run.code).toBe(1)
  for (const problem of problems) {
    if (typeof problem === 'string') expect(run.stderr).toContain(problem)
    else expect(run.stderr).toMatch(problem)
  }
  expect(await listed(database)).toEqual(before)
}

describe('seed demo', () => {
  test('loads the sample stores once, however often it runs', async () => {
    const database = databases.demo
    const first = await runCli(database, ['seed', 'demo'])
    expect(first.code).toBe(0)
    const stores = await listed(database)
    expect(stores.length).toBeGreaterThanOrEqual(10)
    expect(stores.every((store) => store.isSample && store.itemCount >= 100)).toBe(true)

    const second = await runCli(database, ['seed', 'demo'])
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('0 stores added')
    expect(await listed(database)).toEqual(stores)
    // The holiday closure, once however often it runs.
    const kerala = JSON.parse((await runCli(database, ['stores', 'hours', 'Kerala Spice House', '--json'])).stdout) as { closures: { reason: string }[] }
    expect(kerala.closures).toHaveLength(1)
    expect(kerala.closures[0]!.reason).toMatch(/^Closed for /)
  })

  test('stores list --near sorts by distance and shows miles', async () => {
    const database = databases.demo
    const near = await listed(database, '--near', '08817')
    const distances = near.map((store) => store.distance!)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances.filter((miles) => miles > 10 && miles <= 25).length).toBeGreaterThanOrEqual(3)
    const table = await runCli(database, ['stores', 'list', '--near', '08817'])
    expect(table.stdout).toMatch(/^Name\s+City\s+Miles\s+Rating\s+Items/m)
  })
})

describe('seed stores --file', () => {
  const goodJson = JSON.stringify(
    [
      {
        name: 'Lakshmi Groceries',
        address: '12 Main St, Metuchen, NJ 08840',
        zipCode: '08840',
        categories: ['Spices & Seasonings'],
        items: [
          { name: 'Jeera (Cumin Seeds)', unit: '7 oz', price: '3.49', category: 'Spices & Seasonings' },
          { name: 'Sona Masoori Rice', unit: '20 lb bag', price: 24.99, category: 'Rice & Grains' },
        ],
      },
    ],
    null,
    2,
  )

  test('imports JSON, and a second import updates instead of duplicating', async () => {
    const database = databases.json
    const first = await seedFile(database, 'stores.json', goodJson)
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('1 stores added, 0 updated; 2 items added, 0 updated')
    const again = await seedFile(database, 'stores.json', goodJson)
    expect(again.stdout).toContain('0 stores added, 1 updated; 0 items added, 2 updated')
    expect(await listed(database)).toEqual([expect.objectContaining({ name: 'Lakshmi Groceries', itemCount: 2, isSample: false })])
  })

  test('imports CSV, one row per item', async () => {
    const database = databases.csv
    const run = await seedFile(
      database,
      'stores.csv',
      [
        'store_name,address,city,state,zip_code,categories,item_name,unit,price,category',
        'Desi Corner,"5 Oak Tree Rd, Edison, NJ 08820",Edison,NJ,08820,Snacks & Sweets|Beverages & Tea,Kaju Katli,box,12.99,Snacks & Sweets',
        'Desi Corner,"5 Oak Tree Rd, Edison, NJ 08820",Edison,NJ,08820,,Masala Chai,box,6.49,Beverages & Tea',
      ].join('\n'),
    )
    expect(run.code).toBe(0)
    expect(await listed(database)).toEqual([expect.objectContaining({ name: 'Desi Corner', itemCount: 2 })])
  })

  test("takes hours in the written form and a time zone (CSV and JSON); bad hours or zone refuse that store with the parser's words", async () => {
    const database = databases.hours
    const run = await seedFile(
      database,
      'hours.csv',
      [
        'store_name,address,zip_code,hours,time_zone',
        'Hours Store,"7 Oak Tree Rd, Edison, NJ 08820",08820,MON-SAT 09:00-21:00; Sun 10:00-19:00,America/Chicago',
        'Plain Store,"8 Oak Tree Rd, Edison, NJ 08820",08820,,',
      ].join('\n'),
    )
    expect(run.code).toBe(0)
    expect(await listed(database)).toEqual([
      expect.objectContaining({ name: 'Hours Store', hours: 'mon-sat 09:00-21:00; sun 10:00-19:00', timeZone: 'America/Chicago' }),
      expect.objectContaining({ name: 'Plain Store', hours: 'mon-sun 00:00-24:00', timeZone: 'America/New_York' }),
    ])
    await expectRefused(
      database,
      'bad-hours.json',
      JSON.stringify(
        [
          { name: 'Late Store', address: '9 A St', zipCode: '08817', hours: 'mon 21:00-02:00' },
          { name: 'Far Store', address: '10 A St', zipCode: '08817', hours: 'mon-sun 08:00-20:00', timeZone: 'Mars/Olympus' },
        ],
        null,
        1,
      ),
      [
        'line 2: hours: "21:00-02:00" in "mon 21:00-02:00" ends before it starts; split a night across two days.',
        'line 8: timeZone: timeZone must be an IANA time zone like America/New_York',
      ],
    )
  })

  test('takes local names: two columns a language in CSV, a localNames list in JSON; a bad one refuses its store with the language named', async () => {
    const database = databases.localNames
    const csv = await seedFile(
      database,
      'local.csv',
      [
        'store_name,address,zip_code,item_name,unit,price,category,local_name_hi,transliteration_hi,local_name_gu,transliteration_gu',
        'Jalaram Bazaar,"4 Oak Tree Rd, Edison, NJ 08820",08820,Cumin Seeds,pack,3.49,Spices & Seasonings,जीरा,jeera,જીરું,jiru',
        'Jalaram Bazaar,"4 Oak Tree Rd, Edison, NJ 08820",08820,Lemon Soda,each,0.99,Beverages & Tea,,,,',
      ].join('\n'),
    )
    expect(csv.code).toBe(0)
    const json = await seedFile(
      database,
      'local.json',
      JSON.stringify([
        {
          name: 'Madras Stores',
          address: '6 Oak Tree Rd, Edison, NJ 08820',
          zipCode: '08820',
          items: [
            {
              name: 'Curry Leaves',
              unit: 'bunch',
              category: 'Fresh Vegetables',
              localNames: [{ language: 'ta', name: 'கறிவேப்பிலை', transliteration: 'karuveppilai' }],
            },
          ],
        },
      ]),
    )
    expect(json.code).toBe(0)
    const saved = rows<{ name: string; local_names: unknown }>(await database.handle!.db.execute(sql`select name, local_names from items order by name`))
    expect(saved).toEqual([
      {
        name: 'Cumin Seeds',
        local_names: [
          { language: 'hi', name: 'जीरा', transliteration: 'jeera' },
          { language: 'gu', name: 'જીરું', transliteration: 'jiru' },
        ],
      },
      { name: 'Curry Leaves', local_names: [{ language: 'ta', name: 'கறிவேப்பிலை', transliteration: 'karuveppilai' }] },
      { name: 'Lemon Soda', local_names: [] },
    ])

    await expectRefused(
      database,
      'bad-local.csv',
      [
        'store_name,address,zip_code,item_name,unit,category,local_name_hi,transliteration_hi,local_name_gu,transliteration_gu',
        'Wrong Script,"8 Oak Tree Rd, Edison, NJ 08820",08820,Cumin Seeds,pack,Spices & Seasonings,जीरा,jeera,जीरा,jiru',
        'No Name,"9 Oak Tree Rd, Edison, NJ 08820",08820,Turmeric,pack,Spices & Seasonings,,haldi,,',
        'Not Latin,"10 Oak Tree Rd, Edison, NJ 08820",08820,Ghee,jar,Oils & Cooking Essentials,घी,घी,,',
      ].join('\n'),
      [
        'line 2: item local name (gu): "जीरा" is not written in Gujarati, the script of gu (ગુજરાતી)',
        'line 3: item local name (hi): a local name is required',
        "line 4: item local name (hi): a transliteration is written in Latin letters, spaces, hyphens and apostrophes ('toor dal')",
      ],
    )
    await expectRefused(
      database,
      'twice.json',
      JSON.stringify([
        {
          name: 'Twice Named',
          address: '11 Oak Tree Rd',
          zipCode: '08820',
          items: [
            {
              name: 'Ghee',
              unit: 'jar',
              category: 'Oils & Cooking Essentials',
              localNames: [
                { language: 'hi', name: 'घी' },
                { language: 'hi', name: 'घृत' },
              ],
            },
          ],
        },
        {
          name: 'Named In English',
          address: '12 Oak Tree Rd',
          zipCode: '08820',
          items: [{ name: 'Ghee', unit: 'jar', category: 'Oils & Cooking Essentials', localNames: [{ language: 'en', name: 'Ghee' }] }],
        },
      ]),
      [
        'line 1: item local name (hi): hi is given twice; a product has one name per language',
        'line 1: item local name (en): language must be one of: hi, gu, pa, ta, te, bn',
      ],
    )
    expect((await listed(database)).map((store) => store.name)).toEqual(['Jalaram Bazaar', 'Madras Stores'])
  })

  test('a file with bad rows reports each with its line and imports nothing', async () => {
    const database = databases.bad
    expect((await seedFile(database, 'first.json', goodJson)).code).toBe(0)
    await expectRefused(
      database,
      'bad.csv',
      [
        'store_name,address,zip_code,item_name,unit,price,category',
        'New Store,"1 First Ave, Edison, NJ 08817",08817,Good Item,each,1.99,Frozen Items',
        'New Store,"1 First Ave, Edison, NJ 08817",08817,Bad Price,each,cheap,Frozen Items',
        'Other Store,"2 Second Ave, Edison, NJ 08817",08817,Toys,each,1.00,Toys',
        'Nowhere Store,"3 Third Ave, Nowhere",00000,Rice,each,1.00,Rice & Grains',
      ].join('\n'),
      [
        'line 3: item price: price must be a number',
        /line 4: item category: category must be one of/,
        'line 5: zipCode 00000 is not a known US ZIP code',
        'Nothing was imported: 3 problem(s)',
      ],
    )
  })

  test('bad JSON rows are reported by the line their store starts on', async () => {
    // A bad file is refused before the database is opened.
    await expectRefused(
      databases.bad,
      'bad.json',
      '[\n  { "name": "Fine", "address": "1 A St", "zipCode": "08817" },\n  { "name": "", "address": "2 B St", "zipCode": "8817" }\n]',
      ['line 3: name: store name is required', 'line 3: zipCode: zipCode must be 5 digits'],
    )
  })
})
