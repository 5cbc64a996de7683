import { previewSize } from '@voxa/imaging';

/** The spec's PNG quality (section 9); PNG is lossless, browsers may ignore it. */
export const PNG_QUALITY = 0.9;

/** RGBA pixels to a PNG at preview size (square pixels, longest side capped), off the main thread. */
export async function encodePng(
  rgba: Uint8ClampedArray<ArrayBuffer>,
  width: number,
  height: number,
  spacing?: [number, number],
): Promise<Blob> {
  const image = new ImageData(rgba, width, height);
  const size = previewSize(width, height, spacing);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this browser');
  if (size.width === width && size.height === height) {
    context.putImageData(image, 0, 0);
  } else {
    const bitmap = await createImageBitmap(image);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    bitmap.close();
  }
  return canvas.convertToBlob({ type: 'image/png', quality: PNG_QUALITY });
}
