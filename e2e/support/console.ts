// The support console as the browser tests drive it (issue 15): a support account made through the
// API (a member registers, the ADMIN_EMAIL admin of e2e/global-setup.ts grants the role through the
// members API), signing in to the console through the login modal, and the screenshots that
// docs/support.md shows (DOCS_SCREENSHOTS=1 writes them to docs/support/).
import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS, apiPath } from '@velvet/contracts/routes';
import type { Page } from 'playwright-core';
import { registerMember, type Member } from './accounts.ts';
import { fillLogin, openLoginModal, submitLogin } from './auth-ui.ts';
import { baseUrl } from './base-url.ts';
import { urlFor } from './browser.ts';
import { waitHidden, waitVisible } from './page-helpers.ts';
import { SCREENSHOT_DIR } from './screenshots.ts';

/** The admin e2e/global-setup.ts bootstraps through ADMIN_EMAIL / ADMIN_PASSWORD. */
export const ADMIN = { email: 'admin@velvet.test', password: 'Admin!12345' } as const;

export interface ConsoleAccount {
  email: string;
  password: string;
  nickname: string;
  token: string;
  role: 'support' | 'admin';
}

/** Signs in through the API (self-login) and returns the session token. */
export async function apiSignIn(email: string, password: string, origin: string = baseUrl()): Promise<string> {
  const response = await fetch(new URL(API_PATHS.selfLogin, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ member_id: email, member_pwd: password }),
  });
  const body = (await response.json()) as { status: string; token?: string; message?: string };
  if (body.status !== 'ok' || !body.token) throw new Error(`sign-in of ${email} failed: ${body.message}`);
  return body.token;
}

/** The admin's console account (the ADMIN_EMAIL bootstrap). */
export async function adminAccount(origin: string = baseUrl()): Promise<ConsoleAccount> {
  const token = await apiSignIn(ADMIN.email, ADMIN.password, origin);
  return { ...ADMIN, nickname: 'Velvet Support', token, role: 'admin' };
}

/** A new member granted the support role by the admin, through PUT /api/admin/members/:id/role. */
export async function createSupportAccount(prefix = 'support', origin: string = baseUrl()): Promise<ConsoleAccount> {
  const member: Member = await registerMember(prefix, origin);
  const admin = await adminAccount(origin);
  const response = await fetch(new URL(apiPath(API_PATHS.adminMemberRole, { member_id: member.email }), origin), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ role: 'support', reason: 'New support hire (e2e)' }),
  });
  if (!response.ok) throw new Error(`granting support failed: ${response.status} ${await response.text()}`);
  const token = await apiSignIn(member.email, member.password, origin);
  return { email: member.email, password: member.password, nickname: member.nickname, token, role: 'support' };
}

/**
 * Signs the page in through the login modal as `account` and opens the console (its Inbox, or
 * `area`). The page must have adult consent stored (newPage(browser, { consent: true })).
 */
export async function signInToConsole(
  page: Page,
  account: Pick<ConsoleAccount, 'email' | 'password'>,
  area = '/admin',
  options: { mobile?: boolean } = {},
): Promise<void> {
  await page.goto(urlFor(baseUrl(), '/'));
  await openLoginModal(page, options.mobile ?? false);
  await fillLogin(page, account.email, account.password);
  await submitLogin(page);
  await waitHidden(page.getByRole('dialog', { name: 'Welcome Back' }));
  await page.goto(urlFor(baseUrl(), area));
  await waitVisible(page.getByRole('heading', { name: 'Support console', level: 1 }));
}

/** Where documentation screenshots go: docs/support/ when DOCS_SCREENSHOTS=1, else the test artifacts. */
export const DOCS_SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../docs/support');

/**
 * Saves the viewport as docs/support/<name>.png when DOCS_SCREENSHOTS=1 (the pictures docs/support.md
 * links), otherwise as e2e/artifacts/screenshots/console-<name>.png. Returns the file's path.
 */
export async function saveDocScreenshot(page: Page, name: string): Promise<string> {
  const forDocs = process.env.DOCS_SCREENSHOTS === '1';
  const dir = forDocs ? DOCS_SCREENSHOT_DIR : SCREENSHOT_DIR;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, forDocs ? `${name}.png` : `console-${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}
