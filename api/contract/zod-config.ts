// Zod 4 probes `new Function('')` when it builds its first object schema, to compile fast
// parsers; under the app's CSP (script-src 'self') the browser reports that probe as a violation.
// `jitless` skips the probe and the compiling (the interpreted parse is fast enough for
// form-sized payloads). Every contract file that builds a schema at load time imports this
// module (directly or through ./common) before it builds one.
import { z } from 'zod'

z.config({ jitless: true })
