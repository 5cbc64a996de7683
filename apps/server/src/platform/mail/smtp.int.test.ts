import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '.';

/** Mail through SMTP_URL reaches a real SMTP server (smtp-server, on loopback). */
const received: { to: string[]; raw: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mailer', () => {
  it('delivers to the configured SMTP server instead of the outbox', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Voxa <no-reply@voxa.test>',
      dataDir: '/nonexistent',
      log: pino({ level: 'silent' }),
    });
    await mailer.send({
      to: 'ada@example.org',
      subject: 'Verify your e-mail address',
      text: 'link: /verify?token=abc',
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['ada@example.org']);
    expect(received[0]?.raw).toContain('Subject: Verify your e-mail address');
    expect(received[0]?.raw).toContain('/verify?token=abc');
  });
});
