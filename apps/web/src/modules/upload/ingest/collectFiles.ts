/** A file picked or dropped, with its path inside the dropped folder (its name when dropped alone). */
export interface PickedFile {
  file: File;
  path: string;
}

export function pickedFromInput(files: FileList | readonly File[]): PickedFile[] {
  return Array.from(files, (file) => ({ file, path: file.webkitRelativePath || file.name }));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** readEntries answers in pages (Chromium: 100 entries); an empty page means the end. */
async function childrenOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const page = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (page.length === 0) return children;
    children.push(...page);
  }
}

async function walk(entry: FileSystemEntry): Promise<PickedFile[]> {
  if (entry.isFile) {
    return [{ file: await fileOf(entry as FileSystemFileEntry), path: entry.fullPath.replace(/^\//, '') }];
  }
  if (!entry.isDirectory) return [];
  const children = await childrenOf(entry as FileSystemDirectoryEntry);
  return (await Promise.all(children.map(walk))).flat();
}

/**
 * Every file of a drop, folders included (recursively). The entries must be taken synchronously in the
 * drop event: the DataTransfer is emptied once the handler returns.
 */
export function pickedFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(transfer.items, (item) => item.webkitGetAsEntry());
  if (entries.every((entry) => entry === null)) return Promise.resolve(pickedFromInput(transfer.files));
  return Promise.all(entries.map((entry) => (entry ? walk(entry) : []))).then((lists) => lists.flat());
}
