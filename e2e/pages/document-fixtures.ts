import { deflateSync } from 'node:zlib';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';

/** Files for the documents stories, made with maintained libraries (no binary fixtures in the repo). */
export type FixtureFile = { name: string; mimeType: string; buffer: Buffer };

/** A PDF with one page per text. */
export async function pdfFile(name: string, pages: readonly string[]): Promise<FixtureFile> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([400, 300]);
    page.drawText(text, { x: 40, y: 240, size: 14, font });
  }
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

/** A PDF whose pages have no text (what a scan looks like to a reader). */
export async function scannedPdfFile(name: string): Promise<FixtureFile> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([400, 300]);
  page.drawRectangle({ x: 40, y: 40, width: 300, height: 200 });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) };
}

/**
 * A PDF encrypted with the standard handler and a user password: the /Encrypt dictionary's U entry
 * does not match the empty password, so a reader must ask for one.
 */
export async function encryptedPdfFile(name: string): Promise<FixtureFile> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const context = pdf.context;
  const encrypt = context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4 });
  encrypt.set(PDFName.of('O'), PDFHexString.of('41'.repeat(32)));
  encrypt.set(PDFName.of('U'), PDFHexString.of('42'.repeat(32)));
  context.trailerInfo.Encrypt = context.register(encrypt);
  const id = PDFHexString.of('00112233445566778899aabbccddeeff');
  context.trailerInfo.ID = context.obj([id, id]);
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(await pdf.save({ useObjectStreams: false })),
  };
}

export async function docxFile(name: string, paragraphs: readonly string[]): Promise<FixtureFile> {
  const document = new Document({
    sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: await Packer.toBuffer(document),
  };
}

/** An XLSX with a sheet per entry: rows of cells. */
export async function xlsxFile(
  name: string,
  sheets: Record<string, readonly (readonly (string | number)[])[]>,
): Promise<FixtureFile> {
  const workbook = new ExcelJS.Workbook();
  for (const [sheetName, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(sheetName);
    for (const row of rows) sheet.addRow([...row]);
  }
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

export function textFile(name: string, text: string, mimeType = 'text/plain'): FixtureFile {
  return { name, mimeType, buffer: Buffer.from(text, 'utf8') };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour (RGB), any size: compresses to a few kilobytes. */
export function pngFile(name: string, width: number, height: number, rgb = [40, 120, 200]): FixtureFile {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer: png };
}

/** Width and height of a PNG given as base64 (its IHDR chunk). */
export function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
