import { useEffect, useState } from 'react';

import type { DownloadedFile } from '../../lib/file-download';

/** Holds a downloaded file for display and frees its object URL when replaced or unmounted. */
export function useHeldFile() {
  const [file, setFile] = useState<DownloadedFile | null>(null);
  useEffect(() => () => void (file && URL.revokeObjectURL(file.url)), [file]);
  return [file, setFile] as const;
}
