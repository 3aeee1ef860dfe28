// A document's file (GET /api/compliance-documents/:id/file) fetched with this session's token:
// the server sends it as a download, never rendered in the app's origin, so the page receives
// the bytes and either saves them or shows an image it re-encoded.
import { accessToken } from './session';

/** The file, or null when it could not be fetched (offline, gone, not allowed). */
export async function fetchDocumentFile(documentId: string): Promise<Blob | null> {
  try {
    const token = accessToken();
    const res = await fetch(`/api/compliance-documents/${documentId}/file`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return res.ok ? await res.blob() : null;
  } catch {
    return null;
  }
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
