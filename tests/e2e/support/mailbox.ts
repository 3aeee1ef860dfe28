// A real SMTP server for e2e tests: the server under test sends to it (SMTP_URL), and a test
// reads what a person would find in their inbox. The mail log masks secret links, so a test that
// must follow a visitor's link reads it here.
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  smtpUrl: string;
  /** The decoded raw messages sent to `to` so far (quoted-printable soft breaks undone). */
  to(to: string): string[];
  /** Waits until a message to `to` contains `pattern` and answers the match. */
  find(to: string, pattern: RegExp): Promise<RegExpExecArray>;
  close(): Promise<void>;
}

const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startMailbox(): Promise<Mailbox> {
  const received: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => {
        raw += d.toString('utf8');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: decode(raw) });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const to = (address: string) => received.filter((m) => m.to.includes(address.toLowerCase())).map((m) => m.raw);
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    to,
    async find(address, pattern) {
      // Mail is sent after the request answers; poll until it arrives (the test's timeout bounds it).
      for (;;) {
        for (const raw of to(address)) {
          const match = pattern.exec(raw);
          if (match) return match;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
