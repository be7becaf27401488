// (page.evaluate callbacks and init scripts run in the browser.)
// The login/register modal as the tests drive it.
import type { Locator, Page } from 'playwright-core';
import { waitVisible } from './page-helpers.ts';

export const loginDialog = (page: Page): Locator => page.getByTestId('login-modal');

/** The inline error area of the login modal. */
export const loginError = (page: Page): Locator => loginDialog(page).getByRole('alert');

/** Opens the login modal from the side panel (desktop) or the bottom bar (mobile). */
export async function openLoginModal(page: Page, mobile = false): Promise<Locator> {
  const bar = page.getByTestId(mobile ? 'bottom-bar' : 'side-panel');
  await bar.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await waitVisible(dialog);
  return dialog;
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  const dialog = loginDialog(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
}

export async function submitLogin(page: Page): Promise<void> {
  await loginDialog(page).getByRole('button', { name: 'Log In', exact: true }).click();
}

export async function switchToRegister(page: Page): Promise<void> {
  await loginDialog(page).getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await waitVisible(page.getByRole('dialog', { name: 'Create Account' }));
}

export interface RegisterInput {
  email: string;
  nickname: string;
  password: string;
  confirm?: string;
  adult?: boolean;
}

export async function fillRegister(page: Page, input: RegisterInput): Promise<void> {
  const dialog = loginDialog(page);
  await dialog.getByLabel('Email').fill(input.email);
  await dialog.getByLabel('Nickname').fill(input.nickname);
  await dialog.getByLabel('Password', { exact: true }).fill(input.password);
  await dialog.getByLabel('Confirm', { exact: true }).fill(input.confirm ?? input.password);
  await dialog.getByRole('checkbox').setChecked(input.adult ?? true);
}

export async function submitRegister(page: Page): Promise<void> {
  await loginDialog(page).getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/** Waits until the modal's error area reads `text`. */
export async function waitForLoginError(page: Page, text: string): Promise<void> {
  await loginDialog(page).getByRole('alert').filter({ hasText: text }).waitFor({ state: 'visible', timeout: 10_000 });
}
