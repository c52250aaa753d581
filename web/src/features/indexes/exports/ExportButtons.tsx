import { useEffect, useId, useState } from 'react';

import { ExportMessages, type ExportFormat } from '@cti/contracts';

import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { saveDownloadedFile } from '../../../lib/file-download';

import { listenToDownload, useExportFileMutation, type DownloadProgress } from './exports-api';
import './exports.css';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;

/** What has arrived of a download: a bar with a percentage when the length is known, else the amount so far. */
export function DownloadProgressBar({ label, progress }: { label: string; progress: DownloadProgress | null }) {
  const percent = progress?.total ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <div className="download-progress" role="status" aria-live="polite">
      <span>
        Downloading {label}… {percent !== null ? `${percent}%` : progress ? `${kilobytes(progress.loaded)} received` : ''}
      </span>
      <progress aria-label={`Downloading ${label}`} max={100} {...(percent !== null ? { value: percent } : {})} />
    </div>
  );
}

/** Downloads one export, showing its progress while it arrives; failures become a toast. */
function useExportDownload() {
  const progressId = useId();
  const [exportFile, { isLoading }] = useExportFileMutation();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const toast = useToast();
  useEffect(() => listenToDownload(progressId, setProgress), [progressId]);
  const download = async (url: string, fallbackName: string, label: string) => {
    setProgress(null);
    setCurrent(label);
    const result = await exportFile({ url, fallbackName, progressId });
    setCurrent(null);
    if ('data' in result && result.data) saveDownloadedFile(result.data);
    else {
      const error = result.error as { data?: { message?: string } } | undefined;
      toast.danger(error?.data?.message ?? ExportMessages.failed, 6000);
    }
  };
  return { download, busy: isLoading, progress, current };
}

/**
 * "Download CSV" and "Download Excel" of one export (path without the format). The server
 * decides what the file holds from the same access rules as the screen beside it.
 */
export function ExportButtons({ path, title }: { path: string; title: string }) {
  const { download, busy, progress, current } = useExportDownload();
  const formats: Array<[ExportFormat, string]> = [
    ['csv', 'CSV'],
    ['xlsx', 'Excel'],
  ];
  return (
    <div className="export-buttons" role="group" aria-label={`Download ${title}`}>
      {formats.map(([format, name]) => (
        <Button
          key={format}
          variant="secondary"
          busy={busy && current === `${title} (${name})`}
          disabled={busy}
          onClick={() =>
            void download(`${path}${path.includes('?') ? '&' : '?'}format=${format}`, `${title}.${format}`, `${title} (${name})`)
          }
        >
          Download {name}
        </Button>
      ))}
      {busy && current && <DownloadProgressBar label={current} progress={progress} />}
    </div>
  );
}

/** The full "everything I may see" ZIP (Enhanced subscribers, AWG members, admins). */
export function ExportEverythingButton({ path }: { path: string }) {
  const { download, busy, progress, current } = useExportDownload();
  const label = 'all data (ZIP)';
  return (
    <div className="export-buttons">
      <Button variant="secondary" busy={busy} onClick={() => void download(path, 'Compliance Index data.zip', label)}>
        Download all data (ZIP)
      </Button>
      {busy && current && <DownloadProgressBar label={label} progress={progress} />}
    </div>
  );
}
