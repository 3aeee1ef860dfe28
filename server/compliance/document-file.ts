// Files of vaccine and test documents are judged by their content, never by a name or a declared
// type: a PDF (header and end-of-file marker) or a PNG/JPG that decodes completely (stored as
// its re-encoding, server/uploads/image-decode.ts); at most 3 MB.
import { invalid } from '../http/api-error';
import { reencodeImage } from '../uploads/image-decode';

export const DOCUMENT_MAX_BYTES = 3 * 1024 * 1024;
export type DocumentMime = 'application/pdf' | 'image/png' | 'image/jpeg';

const isPdf = (bytes: Buffer) =>
  bytes.subarray(0, 5).toString('latin1') === '%PDF-' &&
  bytes
    .subarray(Math.max(0, bytes.length - 1024))
    .toString('latin1')
    .includes('%%EOF');

export async function checkDocumentFile(input: string): Promise<{ bytes: Buffer; mime: DocumentMime }> {
  const base64 = input.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]*$/.test(base64)) throw invalid({ file: ['validation.document_file_type'] });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalid({ file: ['validation.document_file_required'] });
  if (bytes.length > DOCUMENT_MAX_BYTES) throw invalid({ file: ['validation.document_file_too_big'] });
  if (isPdf(bytes)) return { bytes, mime: 'application/pdf' };
  const image = await reencodeImage(bytes);
  if (!image) throw invalid({ file: ['validation.document_file_type'] });
  return { bytes: image.bytes, mime: image.mime };
}
