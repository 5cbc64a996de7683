import type { Locator, Page } from 'playwright-core';

/** A form field by its visible label; a required field's label ends with ' *'. */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}
