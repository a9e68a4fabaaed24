import { expect, type Page } from '@playwright/test';

/** The page object for the shell: where we are and which screen shows. */
export class AppPage {
  constructor(readonly page: Page) {}

  screen(name: string) {
    return this.page.getByRole('heading', { level: 1, name, exact: true });
  }

  async expectScreen(name: string, pathname?: string | RegExp) {
    await expect(this.screen(name)).toBeVisible();
    if (pathname !== undefined)
      await expect(this.page).toHaveURL(typeof pathname === 'string' ? new RegExp(`${pathname}$`) : pathname);
  }

  async expectPortal() {
    await expect(this.page.getByRole('heading', { level: 1, name: /sustainability|toolkit/i })).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
  }
}
