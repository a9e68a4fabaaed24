import { expect, type Page } from '@playwright/test';

/**
 * The dashboard home's heading: "Welcome" on a first visit, "Welcome back" after, with the first name
 * once it is known.
 */
export const DASHBOARD_HOME = /^Welcome( back)?(,|$)/;

/** The page object for the shell: where we are and which screen shows. */
export class AppPage {
  constructor(readonly page: Page) {}

  /** The app's own screen: not the early slide that a survey's slide shows before the app is in. */
  screen(name: string | RegExp) {
    return this.page
      .locator('#root')
      .getByRole('heading', { level: 1, name, exact: typeof name === 'string' });
  }

  async expectScreen(name: string | RegExp, pathname?: string | RegExp) {
    await expect(this.screen(name)).toBeVisible();
    if (pathname !== undefined)
      await expect(this.page).toHaveURL(typeof pathname === 'string' ? new RegExp(`${pathname}$`) : pathname);
  }

  async expectDashboardHome() {
    await this.expectScreen(DASHBOARD_HOME, /\/dashboard$/);
  }

  async expectPortal() {
    await expect(this.page.getByRole('heading', { level: 1, name: /sustainability|toolkit/i })).toBeVisible();
    await expect(this.page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
  }

  /** A link of the dashboard's own section list. */
  dashboardLink(name: string) {
    return this.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
  }

  /** A link of the shell's header, shown to signed-in users. */
  mainLink(name: string) {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  }
}
