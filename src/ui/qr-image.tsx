// A QR code drawn from text (the qrcode package), with a button to save it as a PNG. Shared by
// the pre-registration success page and the passport page, which each show one.
import { useEffect, useState } from 'react';
import { Button, Center, Image, Stack } from '@mantine/core';

export function QrImage(props: {
  text: string;
  alt: string;
  saveLabel: string;
  fileName: string;
  testId: string;
  /** Drawn size in px (square). */
  size?: number;
}) {
  const size = props.size ?? 240;
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    // Loaded here, not with the page: the public form's chunks do not carry the encoder.
    void import('qrcode')
      .then((m) => m.default.toDataURL(props.text, { width: 320, margin: 2, errorCorrectionLevel: 'M' }))
      .then(setImage);
  }, [props.text]);
  if (!image) return null;
  return (
    <Stack gap="sm" align="stretch">
      <Center>
        <Image src={image} alt={props.alt} w={size} h={size} data-testid={props.testId} data-token={props.text} />
      </Center>
      <Button component="a" href={image} download={props.fileName} size="md" variant="light">
        {props.saveLabel}
      </Button>
    </Stack>
  );
}
