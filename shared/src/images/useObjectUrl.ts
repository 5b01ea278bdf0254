import { useEffect, useState } from 'react';

/**
 * A URL the page can show `blob` at (a file chosen before it is sent, a document opened for reading): null until made
 * and without a blob; revoked when the blob changes or the component leaves, so the file is not kept in memory.
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
