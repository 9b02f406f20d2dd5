import { fitImageSize, PORTABLE_IMAGE_TYPES, type ImageLimits } from '@parley/core/documents';
import { ReadError, type ImageResult } from '../reader-protocol';

const JPEG_QUALITY = 0.85;

/**
 * An image decoded here (a file that is not an image fails as such), scaled down to the provider's
 * limits when larger (DO5) and re-encoded only when it must be: scaled, or a type not every provider
 * reads (GIF: its first frame as PNG).
 */
export async function readImage(file: Blob, limits: ImageLimits): Promise<ImageResult> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ReadError('notImage');
  }
  try {
    const size = fitImageSize(bitmap.width, bitmap.height, limits);
    const portable = (PORTABLE_IMAGE_TYPES as readonly string[]).includes(file.type);
    if (!size.scaled && portable) {
      return { ok: true, kind: 'image', bytes: await file.arrayBuffer(), mimeType: file.type, ...size };
    }
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new ReadError('failed');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    const blob = await canvas.convertToBlob({ type, quality: JPEG_QUALITY });
    return {
      ok: true,
      kind: 'image',
      bytes: await blob.arrayBuffer(),
      mimeType: type,
      width: size.width,
      height: size.height,
    };
  } finally {
    bitmap.close();
  }
}
