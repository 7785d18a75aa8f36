import type { Locator, Page } from 'playwright-core';

/** Insights (Managers): filters, summary tiles, the charts (recharts SVG) and the per-field table. */
export class InsightsPage {
  readonly heading: Locator;
  readonly workflow: Locator;
  readonly from: Locator;
  readonly to: Locator;
  readonly fieldTable: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Insights', level: 1 });
    this.workflow = page.getByLabel('Workflow');
    this.from = page.getByLabel('Read from');
    this.to = page.getByLabel('Read until');
    this.fieldTable = page.getByRole('table', { name: 'Key values by document type and field' });
    this.empty = page.locator('.insights-page .empty');
  }

  /** A chart by its `data-chart` name (`weeks`, `types`, `reliability`): the library's SVG inside it. */
  chart(name: 'weeks' | 'types' | 'reliability'): Locator {
    return this.page.locator(`.insight-chart[data-chart="${name}"]`);
  }

  /** The chart's own SVG, as recharts draws it (its legend icons are small SVGs of the same class beside it). */
  surface(name: 'weeks' | 'types' | 'reliability'): Locator {
    return this.chart(name).locator('.recharts-wrapper > svg.recharts-surface');
  }

  /** The bars recharts drew in a chart (one path per bar of each series). */
  bars(name: 'weeks' | 'types' | 'reliability'): Locator {
    return this.surface(name).locator('.recharts-bar-rectangle path');
  }

  /** A summary tile's big number ("50 %"), by its label. */
  tile(label: string): Locator {
    return this.page.locator('.insight-tile').filter({ has: this.page.locator('dt', { hasText: label }) }).locator('.insight-tile-value');
  }

  /** The cells of the field table's row for a type and a field label. */
  fieldRow(type: string, field: string): Locator {
    return this.fieldTable.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: field, exact: true }) }).filter({ hasText: type });
  }
}
