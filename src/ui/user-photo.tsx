// A person's photo as an avatar. Server photos are behind the bearer token (they are personal
// data), so an <img src> cannot fetch them: this fetches with the token and shows a blob URL, with
// the person's initial while loading, offline or when there is no photo. A kiosk-taken photo is
// already a data: URL and is shown as it is (photo-source.ts says why).
import { useEffect, useState } from 'react';
import { Avatar, type AvatarProps } from '@mantine/core';
import { accessToken } from '../api/session';
import { photoSource } from './photo-source';

interface Props extends Omit<AvatarProps, 'src' | 'alt'> {
  src: string | null | undefined;
  name: string;
}

export function UserPhoto({ src, name, ...rest }: Props) {
  const source = photoSource(src);
  const [fetched, setFetched] = useState<string | null>(null);
  const url = source.kind === 'inline' ? source.url : fetched;
  useEffect(() => {
    setFetched(null);
    const from = photoSource(src);
    if (from.kind !== 'fetch') return;
    const controller = new AbortController();
    let made: string | null = null;
    const token = accessToken();
    void fetch(from.url, { signal: controller.signal, headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (res) => {
        if (res.ok) {
          made = URL.createObjectURL(await res.blob());
          setFetched(made);
        }
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [src]);
  return (
    <Avatar
      radius="xl"
      color="blue"
      {...rest}
      src={url}
      alt={name}
      data-testid="user-photo"
      data-loaded={url ? 'true' : 'false'}
    >
      {name.slice(0, 1)}
    </Avatar>
  );
}
