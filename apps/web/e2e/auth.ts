import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** The built-in admin the builtin config starts the server with (playwright.builtin.config.ts). */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@localhost';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

/** Signs in through the login page; from elsewhere it goes to /login first. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!/\/login/.test(page.url())) await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
  await page.locator('input[name="identifier"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}
