/** Hands a fetched file to the browser's download under a name (a Blob URL, released once taken). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: release it a little later, not at once.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
