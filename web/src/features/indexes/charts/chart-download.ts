import { saveDownloadedFile } from '../../../lib/file-download';

/** The chart as a standalone SVG document (its styles are attributes, so it shows as on screen). */
export function svgDocument(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.removeAttribute('role');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

const save = (blob: Blob, filename: string) => saveDownloadedFile({ url: URL.createObjectURL(blob), filename });

export function downloadSvg(svg: SVGSVGElement, filename: string): void {
  save(new Blob([svgDocument(svg)], { type: 'image/svg+xml' }), filename);
}

/**
 * The chart as a PNG at twice its size (sharp on high-density screens and in slides): the SVG
 * drawn on a canvas from a data: URL, which the page's Content Security Policy allows for images.
 */
export async function downloadPng(svg: SVGSVGElement, filename: string): Promise<void> {
  const { width, height } = svg.viewBox.baseVal;
  const image = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
  });
  const bytes = new TextEncoder().encode(svgDocument(svg));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  image.src = `data:image/svg+xml;base64,${btoa(binary)}`;
  await loaded;
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The chart could not be drawn as an image.');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The chart could not be drawn as an image.');
  save(blob, filename);
}
