import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mailer, MailMessage } from '../../providers/mail/index.ts';

/** apps/api/src/mail/templates (dist/mail/templates once compiled: the build copies the files). */
export const TEMPLATES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../mail/templates');

/** The three files of a template: `<name>.subject.txt`, `<name>.txt`, `<name>.html`. */
const PARTS = { subject: '.subject.txt', text: '.txt', html: '.html' } as const;
type Part = keyof typeof PARTS;

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

export class MailTemplateError extends Error {
  override name = 'MailTemplateError';
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Every template in the folder (a name is listed when its .subject.txt exists). */
export function listMailTemplates(dir: string = TEMPLATES_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(PARTS.subject))
    .map((file) => file.slice(0, -PARTS.subject.length))
    .sort();
}

/** The placeholders a template uses, over its three files. */
export function mailTemplatePlaceholders(template: string, dir: string = TEMPLATES_DIR): string[] {
  const keys = new Set<string>();
  for (const part of Object.keys(PARTS) as Part[]) {
    for (const match of readPart(dir, template, part).matchAll(PLACEHOLDER)) keys.add(match[1]!);
  }
  return [...keys].sort();
}

function readPart(dir: string, template: string, part: Part): string {
  if (!NAME.test(template)) throw new MailTemplateError(`Mail template name "${template}" is not valid`);
  const file = path.join(dir, `${template}${PARTS[part]}`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new MailTemplateError(`Mail template "${template}" has no ${path.basename(file)} in ${dir}`);
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function fill(source: string, values: Record<string, string>, template: string, escape: (v: string) => string) {
  return source.replace(PLACEHOLDER, (_, key: string) => {
    const value = Object.hasOwn(values, key) ? values[key] : undefined;
    if (typeof value !== 'string') {
      throw new MailTemplateError(`Mail template "${template}" needs a value for {{${key}}}`);
    }
    return escape(value);
  });
}

/**
 * Renders a template with `{{key}}` placeholders: values are HTML-escaped in the HTML part, and the
 * subject is one line. A missing file or a placeholder without a value throws MailTemplateError.
 */
export function renderMailTemplate(
  template: string,
  values: Record<string, string>,
  dir: string = TEMPLATES_DIR,
): RenderedMail {
  const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ');
  return {
    subject: fill(readPart(dir, template, 'subject'), values, template, oneLine).trim(),
    text: fill(readPart(dir, template, 'text'), values, template, (v) => v),
    html: fill(readPart(dir, template, 'html'), values, template, escapeHtml),
  };
}

/** Renders `template` with `values` and sends it to `to`. */
export async function sendTemplateMail(
  mailer: Mailer,
  input: { to: string; template: string; values: Record<string, string> },
): Promise<void> {
  const rendered = renderMailTemplate(input.template, input.values);
  const message: MailMessage = { to: input.to, ...rendered };
  await mailer.send(message);
}
