const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
let context: CanvasRenderingContext2D | null | undefined;

/**
 * How wide a chart's text is drawn, in pixels: measured in the font it is drawn with where the
 * browser can (a canvas), else estimated on the generous side, so a margin made from it never
 * cuts the text.
 */
export function labelWidth(text: string, size: number, weight = 400): number {
  if (context === undefined) {
    try {
      // jsdom has no canvas (and says so on the console): estimate there
      const canvas = typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent) ? null : document.createElement('canvas');
      context = canvas?.getContext('2d') ?? null;
    } catch {
      context = null;
    }
  }
  if (context) {
    context.font = `${weight} ${size}px ${FONT_FAMILY}`;
    return context.measureText(text).width;
  }
  return text.length * size * (weight >= 600 ? 0.64 : 0.6);
}

/** Moves end labels apart so none overlaps the next (they keep their order top to bottom). */
export function spreadLabels(ys: readonly number[], gap: number, top: number, bottom: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const placed = order.map((o) => o.y);
  for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k], placed[k - 1] + gap);
  // pushed past the bottom: shift the run up, keeping the gaps
  const overflow = (placed.at(-1) ?? 0) - bottom;
  if (overflow > 0)
    for (let k = placed.length - 1; k >= 0; k--)
      placed[k] = Math.min(placed[k] - overflow, k < placed.length - 1 ? placed[k + 1] - gap : Infinity);
  const out: number[] = new Array<number>(ys.length);
  order.forEach((o, k) => (out[o.i] = Math.max(top, placed[k])));
  return out;
}

/** Eight colours told apart on screen and in print (Okabe–Ito, the blue and the black made darker for white ground). */
export const SERIES_COLOURS = ['#0b3d66', '#d55e00', '#1a7f37', '#cc79a7', '#b07800', '#0072b2', '#6b4c9a', '#5a6775'] as const;
