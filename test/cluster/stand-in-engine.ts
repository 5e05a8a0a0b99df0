/**
 * One engine host of the cluster test: the engine's HTTP contract served by the FakeEngine at a
 * fixed cost per call, on the port given, as its own process so that the test can SIGKILL it.
 * Usage: node --import tsx test/cluster/stand-in-engine.ts PORT
 */
import { startEngineServer } from '../doubles/engine-server.ts';

const port = Number(process.argv[2]);
if (!Number.isInteger(port)) throw new Error('usage: stand-in-engine.ts PORT');
const server = await startEngineServer({ port, costMs: 200 });
process.stdout.write(`stand-in engine on 127.0.0.1:${port}\n`);
// How much work it took, every 10 s, for the test's log.
setInterval(
  () => process.stdout.write(`${new Date().toISOString()} transcriptions ${server.transcribeRequests}\n`),
  10_000,
);
