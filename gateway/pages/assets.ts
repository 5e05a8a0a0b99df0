/** The editor's stylesheet and script, served as plain files: nothing to build. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const ASSETS: Record<string, { file: string; type: string }> = {
  'editor.css': { file: 'editor.css', type: 'text/css; charset=utf-8' },
  'editor.js': { file: 'editor.js', type: 'text/javascript; charset=utf-8' },
  'player.js': { file: 'player.js', type: 'text/javascript; charset=utf-8' },
  'waveform.js': { file: 'waveform.js', type: 'text/javascript; charset=utf-8' },
  'row-menu.js': { file: 'row-menu.js', type: 'text/javascript; charset=utf-8' },
};

export default async function assetRoutes(app: FastifyInstance): Promise<void> {
  // A Map, not an object: a name like `constructor` must find nothing, not Object.prototype's.
  const loaded = new Map(
    Object.entries(ASSETS).map(([name, a]) => [
      name,
      { body: readFileSync(path.join(import.meta.dirname, 'assets', a.file)), type: a.type },
    ]),
  );
  app.get<{ Params: { name: string } }>(
    '/assets/:name',
    { config: { auth: false }, schema: { hide: true } },
    async (request, reply) => {
      const asset = loaded.get(request.params.name);
      if (!asset) return reply.status(404).type('text/plain').send('Not found');
      return reply.type(asset.type).header('cache-control', 'public, max-age=300').send(asset.body);
    },
  );
}
