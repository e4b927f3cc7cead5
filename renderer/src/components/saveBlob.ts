/** Hands a Blob the page fetched to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its own reference by the time the click handler returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
