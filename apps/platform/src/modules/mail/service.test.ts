import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { readLatestMail } from '../../testing/read-mail.ts';
import { createMailService, getMailFolder } from './service.ts';

describe('mail written to files', () => {
  let dataDir = '';
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes a message for the longest address a user may have, and finds it by that address', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'mail-'));
    const mail = createMailService({
      smtpUrl: undefined,
      from: 'console@test.local',
      dataDir,
      log: pino({ level: 'silent' }),
    });
    // 254 characters: what the user form accepts.
    const to = `${'a'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`;
    expect(to).toHaveLength(254);
    await mail.send({
      to,
      subject: 'Welcome',
      text: 'Enrol at https://console.test/enroll/x',
      html: '',
      link: 'x',
    });
    const [file = ''] = await readdir(getMailFolder(dataDir));
    expect(Buffer.byteLength(`${file}.partial`)).toBeLessThanOrEqual(255);
    expect(await readLatestMail(dataDir, to)).toMatchObject({ to, subject: 'Welcome' });
    mail.close();
  });
});
