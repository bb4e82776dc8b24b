/**
 * Typed arrays carved side by side from shared ArrayBuffers, in the order they are asked for,
 * each at an offset that is a multiple of its element size; an array that does not fit in what
 * is left of the current buffer starts a new one of `chunkBytes` (or of its own size, if larger).
 *
 * Why: a typed array made on its own (`new Int32Array(n)`) is a heap object with its elements,
 * and its buffer object, wherever the heap happens to put them; a compiled engagement has a few
 * hundred, and the few dozen a trial reads then spread over more cache lines than the L1 data
 * cache holds in some heap layouts (bench/README.md, the war engine's one-worker time). Views of
 * one buffer keep the elements together, and the views themselves, made one after another, sit
 * together on the heap.
 */
export class ArrayBlock {
  private readonly chunkBytes: number;
  private buffer: ArrayBuffer;
  private used = 0;

  constructor(chunkBytes: number) {
    this.chunkBytes = chunkBytes;
    this.buffer = new ArrayBuffer(chunkBytes);
  }

  uint8(n: number): Uint8Array {
    const at = this.take(n, 1);
    return new Uint8Array(this.buffer, at, n);
  }

  int8(n: number): Int8Array {
    const at = this.take(n, 1);
    return new Int8Array(this.buffer, at, n);
  }

  int32(n: number): Int32Array {
    const at = this.take(4 * n, 4);
    return new Int32Array(this.buffer, at, n);
  }

  float64(n: number): Float64Array {
    const at = this.take(8 * n, 8);
    return new Float64Array(this.buffer, at, n);
  }

  /** The byte offset of `bytes` more, aligned to `align`, in the current buffer (a new one when they do not fit). */
  private take(bytes: number, align: number): number {
    let at = Math.ceil(this.used / align) * align;
    if (at + bytes > this.buffer.byteLength) {
      this.buffer = new ArrayBuffer(Math.max(this.chunkBytes, bytes));
      at = 0;
    }
    this.used = at + bytes;
    return at;
  }
}
