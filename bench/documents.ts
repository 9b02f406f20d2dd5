import { readdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import type { BenchResult } from './lib/bench-result';
import { launchChromium } from './lib/chromium';
import { measureJsHeap } from './lib/js-heap';
import { seededRandom } from './lib/seeded-random';
import { ensureWebBuild, startBuiltServer, WEB_DIST } from './lib/server';

/**
 * Documents (issue 17): the built app's document reader worker reads a 50-page PDF, a 10 MB XLSX and
 * a 1,000,000-row CSV to text and scales a 12-megapixel photo to Anthropic's limits, in Chromium.
 * Reported: time from handing the file to the worker to its answer (the text arriving on the page
 * included), the worker's JS heap after each read (after a GC; the peak during the read is not
 * sampled), and the main thread's long tasks (> 50 ms) meanwhile, with the longest. The files are
 * served to the page over HTTP (page.route), not as base64 through page.evaluate, which closed the
 * page at 10 MB.
 */
const WORDS = 'alpha beta gamma delta revenue costs margin quarter forecast region product customer'.split(
  ' ',
);

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
}

async function fiftyPagePdf(): Promise<Buffer> {
  const random = seededRandom(17);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < 50; page++) {
    const sheet = pdf.addPage([595, 842]);
    for (let line = 0; line < 45; line++) {
      sheet.drawText(sentence(random, 12), { x: 40, y: 800 - line * 17, size: 11, font });
    }
  }
  return Buffer.from(await pdf.save());
}

/** Two sheets of unique text rows: about 10 MB zipped (BENCH_XLSX_ROWS rows per sheet). */
async function tenMegabyteXlsx(): Promise<Buffer> {
  const random = seededRandom(42);
  const rows = Number(process.env.BENCH_XLSX_ROWS ?? 125_000);
  const workbook = new ExcelJS.Workbook();
  for (const name of ['Sales', 'Costs']) {
    const sheet = workbook.addWorksheet(name);
    for (let row = 0; row < rows; row++) {
      sheet.addRow([
        row,
        sentence(random, 8),
        Math.round(random() * 1e6) / 100,
        sentence(random, 6),
        random() > 0.5,
      ]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** 1,000,000 rows with a header, quotes and UTF-8, kept under the 32 MB file limit. */
function millionRowCsv(): Buffer {
  const lines = ['id,name,amount,note'];
  for (let row = 0; row < 1_000_000; row++)
    lines.push(
      `${row},"Kunde ${row % 997}",${(row % 9973) / 100},${row % 10 === 0 ? '"a ""quoted"" café"' : 'ok'}`,
    );
  return Buffer.from(`${lines.join('\n')}\n`);
}

type Timed = { ms: number; ok: boolean; detail: string; longTasks: number; longestTask: number };

/** Posts one file to the reader worker from the page and waits for its answer. */
function readInPage(
  page: Page,
  workerUrl: string,
  kind: string,
  name: string,
  fileUrl: string | null,
): Promise<Timed> {
  return page.evaluate(
    async ({ workerUrl, kind, name, fileUrl }) => {
      const w = window as unknown as { readerWorker?: Worker };
      w.readerWorker ??= new Worker(workerUrl, { type: 'module' });
      let file: Blob;
      if (fileUrl) file = await (await fetch(fileUrl)).blob();
      else {
        // A 12-megapixel photo-like image (noise compresses like a photo), made here as a JPEG.
        const canvas = new OffscreenCanvas(4000, 3000);
        const context = canvas.getContext('2d')!;
        const image = context.createImageData(4000, 3000);
        for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 2654435761) % 251;
        context.putImageData(image, 0, 0);
        file = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
        file = new File([file], name, { type: 'image/jpeg' });
      }
      const tasks: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });
      const started = performance.now();
      const result = await new Promise<{
        ok: boolean;
        kind?: string;
        text?: string;
        width?: number;
        height?: number;
        code?: string;
      }>((resolve) => {
        // pdf.js's worker code, loaded into this worker, posts messages of its own: only ours count.
        w.readerWorker!.onmessage = (event: MessageEvent<{ id?: number; result: never }>) => {
          if (event.data?.id === 1) resolve(event.data.result);
        };
        w.readerWorker!.postMessage({
          id: 1,
          kind,
          name,
          file,
          imageLimits: { longSide: 1568, megapixels: 1.15 },
        });
      });
      const ms = performance.now() - started;
      observer.disconnect();
      const detail = !result.ok
        ? `failed: ${result.code}`
        : result.kind === 'image'
          ? `${result.width}×${result.height}`
          : `${result.text?.length ?? 0} characters`;
      return { ms, ok: result.ok, detail, longTasks: tasks.length, longestTask: Math.max(0, ...tasks) };
    },
    { workerUrl, kind, name, fileUrl },
  );
}

export default async function run(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const workerFile = readdirSync(path.join(WEB_DIST, 'assets')).find(
    (name) => name.startsWith('reader-worker-') && name.endsWith('.js'),
  );
  if (!workerFile) throw new Error('the built app has no reader worker');
  const [pdf, xlsx] = await Promise.all([fiftyPagePdf(), tenMegabyteXlsx()]);
  const csv = millionRowCsv();
  const server = await startBuiltServer();
  const browser = await launchChromium();
  const results: BenchResult[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    // The app's own start (example chats, search index) is not part of any read.
    await page.getByRole('main').waitFor();
    await page.waitForLoadState('networkidle');
    const served = new Map<string, Buffer>();
    await page.route(`${server.url}/__bench/**`, (route) =>
      route.fulfill({ body: served.get(new URL(route.request().url()).pathname) ?? Buffer.alloc(0) }),
    );
    const workerUrl = `${server.url}/assets/${workerFile}`;
    const cases = [
      { label: '50-page PDF', kind: 'pdf', name: 'report.pdf', data: pdf },
      {
        label: `${(xlsx.length / 1024 / 1024).toFixed(1)} MB XLSX`,
        kind: 'xlsx',
        name: 'sheet.xlsx',
        data: xlsx,
      },
      {
        label: `1,000,000-row CSV (${(csv.length / 1024 / 1024).toFixed(1)} MB)`,
        kind: 'csv',
        name: 'rows.csv',
        data: csv,
      },
      { label: '12-megapixel photo → Anthropic size', kind: 'image', name: 'photo.jpg', data: null },
    ] as const;
    for (const item of cases) {
      if (item.data) served.set(`/__bench/${item.name}`, item.data);
      const timed = await readInPage(
        page,
        workerUrl,
        item.kind,
        item.name,
        item.data ? `${server.url}/__bench/${item.name}` : null,
      );
      const heap = await measureJsHeap(page);
      results.push(
        {
          measure: `${item.label}: read in the worker`,
          value: Math.round(timed.ms),
          unit: 'ms',
          note: timed.detail,
        },
        { measure: `${item.label}: worker JS heap after`, value: Math.round(heap.workers), unit: 'MB' },
        {
          measure: `${item.label}: longest main-thread task`,
          value: Math.round(timed.longestTask),
          unit: 'ms',
          target: 50,
          note: `${timed.longTasks} tasks over 50 ms`,
        },
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return results;
}
