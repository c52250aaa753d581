import { useEffect } from 'react';

/** Sets the document title for pages whose title depends on their parameters. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Compliance Index`;
  }, [title]);
}
