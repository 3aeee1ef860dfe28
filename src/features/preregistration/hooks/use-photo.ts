// The visitor's photo, checked in the browser with the same rules the server applies by content.
import { useState } from 'react';
import { photoProblems, type PhotoProblem } from '../../../../domain/preregistration';

export interface PhotoState {
  file: File | null;
  width: number;
  height: number;
  problems: PhotoProblem[];
}

async function dimensions(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export function usePhoto() {
  const [photo, setPhoto] = useState<PhotoState>({ file: null, width: 0, height: 0, problems: [] });
  async function choose(file: File | null) {
    if (!file) {
      setPhoto({ file: null, width: 0, height: 0, problems: [] });
      return;
    }
    const type = file.type === 'image/png' ? 'png' : file.type === 'image/jpeg' ? 'jpg' : undefined;
    const size = type ? await dimensions(file) : null;
    setPhoto({
      file,
      width: size?.width ?? 0,
      height: size?.height ?? 0,
      problems: photoProblems({
        type: size ? type : undefined,
        bytes: file.size,
        width: size?.width ?? 0,
        height: size?.height ?? 0,
      }),
    });
  }
  return { photo, choose };
}
