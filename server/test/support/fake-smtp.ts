import { createServer, type Socket } from 'node:net';

export interface FakeSmtp {
  url: string;
  /** The DATA of every message received, as sent (CRLF lines, dot-stuffing undone). */
  messages: string[];
  close(): Promise<void>;
}

/**
 * A minimal SMTP server for tests: the happy path of RFC 5321 on loopback, no TLS, no authentication. It accepts every
 * message and keeps it, so a test can read what the real SMTP transport sent, attachments included.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let pending = '';
    let data: string[] | null = null;
    socket.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push(`${data.join('\r\n')}\r\n`);
            data = null;
            reply('250 OK: queued');
          } else {
            data.push(line.startsWith('.') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK'); // MAIL FROM, RCPT TO, RSET, NOOP
      }
    });
    reply('220 fake-smtp ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The fake SMTP server has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface MimePart {
  /** Header names in lower case, folded lines joined. */
  headers: Map<string, string>;
  body: string;
}

function splitHeaders(entity: string): MimePart {
  const end = entity.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of entity
    .slice(0, end)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: entity.slice(end + 4) };
}

/** The parts of a received message (the message itself when it is not multipart). Enough MIME for nodemailer's output. */
export function mimeParts(message: string): MimePart[] {
  const top = splitHeaders(message);
  const boundary = /boundary="?([^";]+)"?/i.exec(top.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [top];
  // Each part sits between CRLF--boundary delimiters; the first chunk is the preamble, the last the epilogue.
  return top.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => splitHeaders(part.replace(/^\r\n/, '').replace(/\r\n$/, '')));
}

/** A part's content with its transfer encoding undone, as text. */
export function decodedBody(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return part.body;
}
