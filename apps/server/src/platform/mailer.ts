import nodemailer from 'nodemailer';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * Outgoing mail (offline chat notices). The embedded default sends nothing: it keeps the last
 * mails and counts them, so a deployment without SMTP loses no behaviour but the mail itself;
 * with SMTP_URL set, nodemailer sends them (smtpMailer).
 */
export interface Mailer {
  readonly kind: 'kept' | 'smtp';
  send(mail: Mail): Promise<void>;
}

export class KeptMailer implements Mailer {
  readonly kind = 'kept';
  /** How many mails would have gone out. */
  count = 0;
  readonly kept: Mail[] = [];
  constructor(private readonly keep = 100) {}
  async send(mail: Mail): Promise<void> {
    this.count++;
    this.kept.push(mail);
    if (this.kept.length > this.keep) this.kept.shift();
  }
}

/** Mail through an SMTP server named by a URL (smtp://user:password@host:587, smtps://… for TLS). */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
