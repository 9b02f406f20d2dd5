import type { ServerResponse } from 'node:http';

/**
 * A small PNG (96x64, four colour bands) at `GET /__sim/image.png`, so tests can put a remote image in
 * an answer and read from the request log whether (and when) the browser fetched it.
 */
const IMAGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAg0lEQVR42u3QMQ2AMBBA0UsTHBUDIKGa6qUiUNSZjaUOmC7p8n6+ghdXf1Ouo6X8PUfK8z5TLqHfAAECBAgQIECAAAkQIECAAAECBEiAAAECBAgQIEACBAgQIECAAAECJECAAAECBAgQIAECBAgQIECAAAkQIECAAAECBAiQAAECtKMFqpKRPw++vJUAAAAASUVORK5CYII=',
  'base64',
);

export const IMAGE_ROUTE = '/__sim/image.png';

export function sendImage(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'image/png',
    'content-length': String(IMAGE_PNG.length),
    // Every load must reach the log: a cached copy would hide a second fetch.
    'cache-control': 'no-store',
  });
  res.end(IMAGE_PNG);
}
