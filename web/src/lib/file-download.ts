/** A file fetched through the API and held as an object URL until it is saved or shown. */
export interface DownloadedFile {
  url: string;
  filename: string;
}

/** The saved name of a download, from Content-Disposition (`filename*` first, then `filename`). */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : fallback;
}

/**
 * An RTK Query `responseHandler` for binary answers: the body becomes an object URL (the
 * store keeps only strings); failures keep the server's JSON or text for the message.
 */
export const asDownloadedFile = (fallbackName: string) => async (response: Response) => {
  if (!response.ok) {
    const text = await response.text();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return {
    url: URL.createObjectURL(await response.blob()),
    filename: fileNameOf(response.headers.get('content-disposition'), fallbackName),
  } satisfies DownloadedFile;
};

/** Saves a downloaded file under its name and frees the object URL afterwards. */
export function saveDownloadedFile(file: DownloadedFile): void {
  const a = document.createElement('a');
  a.href = file.url;
  a.download = file.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(file.url), 10_000);
}
