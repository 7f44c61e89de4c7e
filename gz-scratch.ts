import { PGlite } from '@electric-sql/pglite'
import { pgliteTemplate } from './db/pglite-template'
const tpl = await pgliteTemplate()
const mem = await PGlite.create({ loadDataDir: tpl })
await mem.query('checkpoint')
const gz = await mem.dumpDataDir('gzip')
await mem.close()
await Bun.write('/tmp/tpl.tar.gz', gz)
console.log('gzip size', gz.size, 'plain', tpl.size)
