// The baselines of the HTTP benchmarks, run as their own process like our server: a bare Fastify hello-world
// (`GET /`), and a bare sign-in (`POST /login`: the body's password checked against one stored hash by our own
// hashing threads, `src/server/accounts/passwords.ts`, and nothing else: no database, no limits, no session), the
// most a login can reach on this machine with the load generator beside it. Prints its port once it listens.
import Fastify from 'fastify';

// The built server's own module (built before any benchmark runs), found at run time.
const passwords = new URL('../../dist/server/server/accounts/passwords.js', import.meta.url).href;
const { hashPassword, verifyPassword } =
  /** @type {{ hashPassword(p: string): Promise<string>; verifyPassword(h: string, p: string): Promise<boolean> }} */ (
    await import(passwords)
  );
const stored = await hashPassword(process.env.BENCH_PASSWORD ?? 'bench password 1');
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.post('/login', async (request, reply) => {
  const { password } = /** @type {{ password: string }} */ (request.body);
  if (!(await verifyPassword(stored, password))) return reply.code(401).send({ ok: false });
  return { ok: true };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
