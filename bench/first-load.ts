import { gzipSync } from 'node:zlib';
import type { BenchResult } from './lib/bench-result';
import { launchChromium } from './lib/chromium';
import { ensureWebBuild, startBuiltServer } from './lib/server';

/**
 * First-load weight: the JS and CSS the browser fetches to show the first screen of the built app,
 * served by the real server. Our server does not compress, so each body is gzipped here with zlib
 * (default level 6, what a typical reverse proxy uses) and the sizes are summed.
 * Budget 250 kB, aim 200 kB.
 */
const TARGET_KB = 250;
const AIM_KB = 200;

type LoadedAsset = { url: string; kind: 'script' | 'stylesheet'; rawBytes: number; gzipBytes: number };

export default async function run(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const server = await startBuiltServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const pending: Promise<LoadedAsset | undefined>[] = [];
    page.on('response', (response) => {
      const kind = response.request().resourceType();
      if (kind !== 'script' && kind !== 'stylesheet') return;
      pending.push(
        response
          .body()
          .then((body): LoadedAsset => ({
            url: new URL(response.url()).pathname,
            kind,
            rawBytes: body.byteLength,
            gzipBytes: gzipSync(body).byteLength,
          }))
          .catch(() => undefined),
      );
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByRole('main').waitFor();
    const assets = (await Promise.all(pending)).filter((asset) => asset !== undefined);

    const sum = (list: LoadedAsset[], key: 'rawBytes' | 'gzipBytes') =>
      list.reduce((total, asset) => total + asset[key], 0);
    const scripts = assets.filter((asset) => asset.kind === 'script');
    const styles = assets.filter((asset) => asset.kind === 'stylesheet');
    const kB = (bytes: number) => bytes / 1000;
    for (const asset of assets) {
      console.log(
        `  ${asset.kind.padEnd(10)} ${kB(asset.gzipBytes).toFixed(1).padStart(7)} kB gzip  ${asset.url}`,
      );
    }

    return [
      {
        measure: 'first-load JS+CSS (gzip)',
        value: kB(sum(assets, 'gzipBytes')),
        unit: 'kB',
        target: TARGET_KB,
        note: `aim ${AIM_KB} kB; ${assets.length} files, bodies gzipped with zlib level 6 (server sends them uncompressed)`,
      },
      { measure: 'first-load JS (gzip)', value: kB(sum(scripts, 'gzipBytes')), unit: 'kB' },
      { measure: 'first-load CSS (gzip)', value: kB(sum(styles, 'gzipBytes')), unit: 'kB' },
      { measure: 'first-load JS+CSS (raw)', value: kB(sum(assets, 'rawBytes')), unit: 'kB' },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
