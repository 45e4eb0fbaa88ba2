// The settings screen's controller: each change is shown at once and saved straight away; after a
// refused save the page shows what is really saved. Its view is settings.ts.

import type { App } from '../app/app';
import type { Settings } from '../bindings';

export class SettingsCtrl {
  constructor(readonly app: App) {}

  get settings(): Settings {
    return this.app.settings;
  }

  /** Saves one change; after a refusal the page shows what is really saved. */
  change(patch: Partial<Settings>): Promise<Settings> {
    return this.app.saveSettings({ ...this.app.settings, ...patch });
  }

  done(): void {
    this.app.back();
  }

  /** Forgets the course's progress, once the player confirmed it. */
  async resetCourse(confirm: () => Promise<boolean>): Promise<boolean> {
    if (!(await confirm())) return false;
    return this.app.resetCourse();
  }
}
