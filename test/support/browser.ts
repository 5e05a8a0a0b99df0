/**
 * What the browser tests share: the platform with its pipeline (engine double), a gateway listening
 * on loopback for Chromium to load, a CDN serving the song, and Debian's Chromium driven by
 * playwright-core (never a downloaded browser).
 */
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium } from 'playwright-core';
import type { Platform } from '../../ops/platform.ts';
import { wavTone } from './audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from './https-server.ts';
import { startTestPipeline, type TestPipeline } from './pipeline.ts';
import { connectTestPlatform, testGateway } from './platform.ts';

export interface BrowserHarness {
  platform: Platform;
  pipeline: TestPipeline;
  app: FastifyInstance;
  /** http://127.0.0.1:PORT of the listening gateway. */
  origin: string;
  /** Serves /song.wav. */
  cdn: TestHttpsServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBrowserHarness(songSeconds: number): Promise<BrowserHarness> {
  const platform = await connectTestPlatform({
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
  });
  const pipeline = await startTestPipeline(platform);
  const app = await testGateway(platform, { engine: pipeline.engine });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(songSeconds)));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  return {
    platform,
    pipeline,
    app,
    origin,
    cdn,
    browser,
    async close() {
      await browser.close();
      await pipeline.stop();
      await app.close();
      await platform.close();
      await cdn.close();
    },
  };
}
