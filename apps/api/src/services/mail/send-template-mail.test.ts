import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../providers/mail/index.ts';
import {
  listMailTemplates,
  MailTemplateError,
  mailTemplatePlaceholders,
  renderMailTemplate,
  sendTemplateMail,
  TEMPLATES_DIR,
} from './send-template-mail.ts';

const sample = (key: string) => `sample <${key}> & "quoted"`;

describe('mail templates', () => {
  const files = fs.readdirSync(TEMPLATES_DIR);
  const templates = listMailTemplates();

  it('finds the templates the product sends', () => {
    expect(templates).toEqual(expect.arrayContaining(['password-reset', 'password-reset-google', 'support-reply']));
  });

  it('has only complete templates: every file belongs to a name with its three parts', () => {
    for (const file of files) {
      const name = file.replace(/(\.subject\.txt|\.txt|\.html)$/, '');
      expect(templates, `${file} belongs to no template (missing ${name}.subject.txt?)`).toContain(name);
    }
  });

  it.each(templates)('renders %s with sample values, escaping them in the HTML', (template) => {
    const keys = mailTemplatePlaceholders(template);
    const values = Object.fromEntries(keys.map((key) => [key, sample(key)]));
    const mail = renderMailTemplate(template, values);
    expect(mail.subject).not.toMatch(/\n|\{\{/);
    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.text).not.toContain('{{');
    expect(mail.html).not.toContain('{{');
    for (const key of keys) {
      const inText = fs.readFileSync(path.join(TEMPLATES_DIR, `${template}.txt`), 'utf8').includes(`{{${key}}}`);
      if (inText) expect(mail.text).toContain(sample(key));
      expect(mail.html).not.toContain(`<${key}>`);
    }
    if (keys.length > 0) expect(mail.html).toContain('&lt;');
  });

  it.each(templates)('refuses to render %s with a placeholder left unfilled', (template) => {
    const keys = mailTemplatePlaceholders(template);
    if (keys.length === 0) return;
    const values = Object.fromEntries(keys.slice(1).map((key) => [key, 'x']));
    expect(() => renderMailTemplate(template, values)).toThrow(new RegExp(`needs a value for \\{\\{${keys[0]}\\}\\}`));
  });

  it('refuses a missing template and a name outside the folder', () => {
    expect(() => renderMailTemplate('no-such-template', {})).toThrow(MailTemplateError);
    expect(() => renderMailTemplate('../templates/support-reply', {})).toThrow(/not valid/);
  });

  it('refuses a template missing one of its three files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'velvet-templates-'));
    fs.writeFileSync(path.join(dir, 'half.subject.txt'), 'Hi');
    fs.writeFileSync(path.join(dir, 'half.txt'), 'Hi');
    expect(() => renderMailTemplate('half', {}, dir)).toThrow(/has no half\.html/);
  });

  it('keeps the subject on one line and sends the rendered mail', async () => {
    const sent: MailMessage[] = [];
    await sendTemplateMail(
      { send: async (m) => void sent.push(m) },
      {
        to: 'member@example.com',
        template: 'password-reset',
        values: { email: 'member@example.com', link: 'https://velvet.test/reset-password?token=a&b=1' },
      },
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('member@example.com');
    expect(sent[0]!.subject).toBe('Reset your Velvet password');
    expect(sent[0]!.text).toContain('https://velvet.test/reset-password?token=a&b=1');
    expect(sent[0]!.html).toContain('href="https://velvet.test/reset-password?token=a&amp;b=1"');
  });
});
