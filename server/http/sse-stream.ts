import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Writes Server-Sent Events frames straight to the response's socket.
 *
 * `res.write` costs four stream writes per frame with chunked encoding (size, CRLF, data, CRLF)
 * plus a nextTick per call; a fan-out to 10,000 streams pays that 10,000 times. Here each frame
 * is one pre-framed socket write, and the sockets written in one tick are corked until the next,
 * so each gets a single syscall however many frames it received (as `res.write` would do).
 * Headers must have been flushed first; `res.end()` still ends the chunked body correctly.
 */
export class SseStream {
  private readonly socket: Socket | null;
  private readonly chunked: boolean;

  constructor(
    private readonly res: ServerResponse,
    private readonly maxPendingBytes: number,
  ) {
    this.socket = res.socket;
    // HTTP/1.0 clients get a close-delimited body without chunk framing.
    this.chunked = res.chunkedEncoding;
  }

  /** False when the stream is gone or the client is too slow (over its pending-bytes bound). */
  write(frame: string): boolean {
    const socket = this.socket;
    if (!socket || socket.destroyed || this.res.writableEnded || this.res.destroyed) return false;
    if (socket.writableLength > this.maxPendingBytes) return false;
    corkUntilNextTick(socket);
    socket.write(this.chunked ? `${Buffer.byteLength(frame).toString(16)}\r\n${frame}\r\n` : frame);
    return true;
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}

const corked = new Set<Socket>();
let uncorkScheduled = false;

function corkUntilNextTick(socket: Socket): void {
  if (!corked.has(socket)) {
    socket.cork();
    corked.add(socket);
  }
  if (!uncorkScheduled) {
    uncorkScheduled = true;
    process.nextTick(uncorkAll);
  }
}

function uncorkAll(): void {
  uncorkScheduled = false;
  for (const socket of corked) socket.uncork();
  corked.clear();
}
