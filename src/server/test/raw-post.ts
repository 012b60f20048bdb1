// A request over a real connection, for the tests that show the server answers before it reads a body.
import http from 'node:http';

/**
 * Sends a request over a real connection and resolves at its answer. With `sending`, only that many bytes of the
 * body are written and the request is held open: an answer then came before the server could have read the rest.
 * The server may close the connection while the body is still being written, which is not a failure.
 */
export function rawPost(
  base: string,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
  sending = body.length,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-length': String(body.length), ...headers },
      },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        const done = () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: text });
        };
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (sending < body.length) request.write(body.subarray(0, sending));
    else request.end(body);
  });
}
