// A bare Fastify server, the ceiling of the HTTP stack on this machine: one POST route that
// parses its JSON body with Fastify's default parser and answers fixed JSON text, with no hooks,
// no schema and no logging. Run as a child process by `bareFastify.ts`; it prints `listening`
// once it accepts connections.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [answerFile, port] = process.argv.slice(2);
if (!answerFile || !port) throw new Error('usage: bareFastifyServer.ts <answer file> <port>');
const answer = readFileSync(answerFile, 'utf8');

const app = Fastify({ logger: false });
app.post('/api/v1/chart/data', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(answer),
);
await app.listen({ host: '127.0.0.1', port: Number(port) });
console.log('listening');
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
