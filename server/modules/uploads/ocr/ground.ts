/**
 * What lies around a photographed page: the paper's brightness, and the ground (a table, a hand)
 * darker than it that reaches the image's edge. Shared by the page finder (`rectify.ts`) and the
 * clean-up that whitens what is left of the ground (`preprocess.ts`). Pure.
 */

/** The paper's brightness: the 75th percentile of the image's pixels (every `step`-th one). */
export function paperLevel(grey: Uint8Array, step = 1): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < grey.length; i += step, n++) hist[grey[i] as number]!++;
  let paper = 255;
  for (let seen = 0; paper > 0; paper--) {
    seen += hist[paper] as number;
    if (seen >= n * 0.25) break;
  }
  return paper;
}

/** The pixels darker than `dark` that reach the image's edge through one another (1 = ground). */
export function groundFromEdges(grey: Uint8Array, width: number, height: number, dark: number): Uint8Array {
  const ground = new Uint8Array(grey.length);
  const stack = new Int32Array(grey.length);
  let top = 0;
  const push = (p: number) => {
    if (!ground[p] && (grey[p] as number) < dark) {
      ground[p] = 1;
      stack[top++] = p;
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (top > 0) {
    const p = stack[--top] as number;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x < width - 1) push(p + 1);
    if (p >= width) push(p - width);
    if (p < grey.length - width) push(p + width);
  }
  return ground;
}
