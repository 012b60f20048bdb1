// Runs a command while every core is kept busy, as a shared or slow machine would be: one process spinning per
// core (what `stress-ng --cpu N` does), at the same priority as the command. A test that passes only on a quiet
// machine fails here. Usage: node scripts/under-load.mjs npm test
import { spawn } from 'node:child_process';
import os from 'node:os';

/** Starts one process per core that spins until stopped; answers the function that stops them. */
export function spinEveryCore() {
  const spinners = Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
  );
  return () => spinners.forEach((spinner) => spinner.kill('SIGKILL'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/under-load.mjs <command> [arguments…]');
    process.exit(2);
  }
  const stop = spinEveryCore();
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stop();
      process.exit(130);
    });
  }
  console.log(`under load: ${os.availableParallelism()} processes spinning, one per core`);
  const child = spawn(command, args, { stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}
