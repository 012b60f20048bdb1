// zod, as every schema shared with the browser imports it. zod compiles object checks with `new Function` when
// it may, and probes for that as each object schema is made; our pages' CSP refuses eval and reports every
// refusal. In a browser it is told not to (before any schema exists, since schemas import it from here); the
// server keeps the faster compiled checks.
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
