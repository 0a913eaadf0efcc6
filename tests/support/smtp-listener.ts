import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

// A minimal SMTP server for tests: enough of RFC 5321 (greeting, EHLO/HELO, MAIL FROM, RCPT TO,
// DATA with dot-unstuffing, RSET, NOOP, QUIT) to capture what a real client delivers, with no
// authentication and no TLS. It listens on 127.0.0.1 only.

export type CapturedMail = { from: string; to: string[]; data: string };

export type SmtpListener = {
  port: number;
  url: string;
  messages: CapturedMail[];
  /** Resolves with the next message delivered (or the first one not yet awaited). */
  nextMessage(timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
};

function addressIn(argument: string): string {
  const match = /<([^>]*)>/.exec(argument);
  return (match?.[1] ?? argument.trim()).trim();
}

export async function startSmtpListener(): Promise<SmtpListener> {
  const messages: CapturedMail[] = [];
  const waiting: ((mail: CapturedMail) => void)[] = [];
  let handedOut = 0;
  const sockets = new Set<Socket>();

  function deliver(mail: CapturedMail) {
    messages.push(mail);
    const waiter = waiting.shift();
    if (waiter) {
      handedOut += 1;
      waiter(mail);
    }
  }

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);

    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];

    function command(line: string) {
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO':
          reply('250-localhost greets you');
          reply('250-8BITMIME');
          reply('250 SIZE 10485760');
          return;
        case 'HELO':
          reply('250 localhost');
          return;
        case 'MAIL':
          from = addressIn(argument.replace(/^FROM:/i, ''));
          to = [];
          reply('250 OK');
          return;
        case 'RCPT':
          to.push(addressIn(argument.replace(/^TO:/i, '')));
          reply('250 OK');
          return;
        case 'DATA':
          if (!from || to.length === 0) {
            reply('503 Need MAIL and RCPT first');
            return;
          }
          inData = true;
          dataLines = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
          return;
        case 'RSET':
          from = '';
          to = [];
          reply('250 OK');
          return;
        case 'NOOP':
          reply('250 OK');
          return;
        case 'QUIT':
          reply('221 Bye');
          socket.end();
          return;
        default:
          reply('502 Command not implemented');
      }
    }

    function dataLine(line: string) {
      if (line === '.') {
        inData = false;
        deliver({ from, to, data: dataLines.join('\r\n') });
        from = '';
        to = [];
        reply('250 OK: message accepted');
        return;
      }
      // Dot-stuffing: a leading dot in the content was doubled by the client.
      dataLines.push(line.startsWith('..') ? line.slice(1) : line);
    }

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) dataLine(line);
        else command(line);
        end = buffer.indexOf('\r\n');
      }
    });
    socket.on('error', () => socket.destroy());
    reply('220 localhost ESMTP test listener');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMessage(timeoutMs = 5000) {
      if (handedOut < messages.length) {
        const mail = messages[handedOut];
        handedOut += 1;
        if (mail) return Promise.resolve(mail);
      }
      return new Promise((resolve, reject) => {
        const waiter = (mail: CapturedMail) => {
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error('No message arrived at the SMTP listener'));
        }, timeoutMs);
        waiting.push(waiter);
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
