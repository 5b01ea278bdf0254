/** Long enough for the browser to have read the file or opened the tab; the URL is useless afterwards. */
const TEXT_URL_LIFETIME_MS = 60_000;

/** An object URL of `text` for a download or a new tab, revoked once the browser has had time to read it. */
export function temporaryTextUrl(text: string, type: string): string {
  const url = URL.createObjectURL(new Blob([text], { type }));
  window.setTimeout(() => URL.revokeObjectURL(url), TEXT_URL_LIFETIME_MS);
  return url;
}

/** Hands `text` to the browser as a file download. */
export function downloadText(fileName: string, text: string, type: string): void {
  const link = document.createElement('a');
  link.href = temporaryTextUrl(text, type);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}
