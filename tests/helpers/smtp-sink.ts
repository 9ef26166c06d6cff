import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

/**
 * A real SMTP server for tests (the npm smtp-server package). It records what it accepts, can
 * hold a message's data without answering (a send in progress), and can stop and start again
 * on the same port (a mail server that was down).
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** true: a message's data is taken but never answered, so the sender waits mid-send. */
  stall = false;
  /** Resolves each time a message's data starts arriving. */
  private dataStarted: (() => void)[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 1000,
      onData: (stream, session, callback) => {
        this.dataStarted.splice(0).forEach((notify) => notify());
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.stall) return;
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
            raw,
          });
          callback();
        });
      },
    });
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and drops open connections, as a mail server going down does. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  nextDataStart(): Promise<void> {
    return new Promise((resolve) => this.dataStarted.push(resolve));
  }

  subjects(): string[] {
    return this.received.map((mail) => mail.subject);
  }
}
